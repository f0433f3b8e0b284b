import { Camera, ImageUp } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { toast } from '../../../lib/toast';
import { PROFILE_LIMITS } from '@khedma/shared/schemas/profile';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { FieldError } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api';
import { useUploadAvatar } from '../api';

function initials(name: string): string {
  const words = name.trim().split(/[\s@._-]+/).filter(Boolean);
  return (words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : name.trim().slice(0, 2)).toUpperCase();
}

/**
 * The profile picture (docs/accounts.md Profile): "Take photo" opens the front camera on phones
 * (capture="user"; elsewhere a file chooser), "Choose from gallery" picks an existing image. Files over
 * 5 MB are refused before upload; the server checks the bytes, resizes to a square WebP and strips
 * metadata. Both buttons are disabled while an upload runs, with its progress shown.
 */
export function AvatarCard({ name, avatarUrl }: { name: string; avatarUrl: string | null }) {
  const { t } = useTranslation('profile');
  const { t: tShell } = useTranslation();
  const upload = useUploadAvatar();
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const galleryInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const errorId = `${id}-error`;

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again after a failure
    if (!file || upload.isPending) return;
    setProblem(null);
    if (file.size > PROFILE_LIMITS.avatarMaxBytes) {
      const message = tShell('validation.avatarTooLarge');
      setProblem(message);
      toast.error(message);
      return;
    }
    if (file.type && !file.type.startsWith('image/')) {
      const message = tShell('validation.avatarType');
      setProblem(message);
      toast.error(message);
      return;
    }
    setPreview(URL.createObjectURL(file));
    upload.mutate(file, {
      onSuccess: () => toast.success(t('avatar.success')),
      onError: (error) => {
        const message =
          isApiError(error) && error.status === 413
            ? tShell('validation.avatarTooLarge')
            : isApiError(error) && error.status === 415
              ? tShell('validation.avatarType')
              : isApiError(error, 'RATE_LIMITED')
                ? t('avatar.tooMany')
                : t('avatar.failed');
        setProblem(message);
        toast.error(message);
      },
      onSettled: () => setPreview(null),
    });
  };

  const shown = preview ?? avatarUrl;
  const percent = Math.round(upload.progress * 100);
  const busy = upload.isPending;

  return (
    <div className="flex flex-col items-center text-center">
      <div className="relative">
        {shown ? (
          <img
            src={shown}
            alt={t('avatar.alt', { name })}
            width={128}
            height={128}
            className={cn('size-32 rounded-full border-4 border-white object-cover shadow-md', busy && 'opacity-60')}
          />
        ) : (
          <span
            role="img"
            aria-label={t('avatar.none')}
            className="grid size-32 place-items-center rounded-full border-4 border-white bg-primary-100 text-4xl font-bold text-primary-800 shadow-md"
          >
            {initials(name)}
          </span>
        )}
      </div>

      {busy ? (
        <div className="mt-4 w-full max-w-56">
          <div
            role="progressbar"
            aria-label={t('avatar.uploadingLabel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-primary-100"
          >
            <div className="h-full rounded-full bg-primary-600 transition-[width] duration-150" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-1.5 text-sm text-ink-muted" aria-live="polite">
            {t('avatar.uploading', { percent })}
          </p>
        </div>
      ) : null}

      <div className="mt-4 flex w-full flex-col gap-2">
        <button
          type="button"
          disabled={busy}
          onClick={() => cameraInput.current?.click()}
          aria-describedby={problem ? errorId : undefined}
          className={buttonClass({ variant: 'secondary', className: 'w-full' })}
        >
          <Camera aria-hidden="true" className="size-4 shrink-0" />
          {t('avatar.takePhoto')}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => galleryInput.current?.click()}
          aria-describedby={problem ? errorId : undefined}
          className={buttonClass({ variant: 'secondary', className: 'w-full' })}
        >
          <ImageUp aria-hidden="true" className="size-4 shrink-0" />
          {t('avatar.gallery')}
        </button>
      </div>
      {/* The real inputs: hidden, reached through the two buttons above. */}
      <input ref={cameraInput} type="file" accept="image/*" capture="user" className="hidden" tabIndex={-1} aria-hidden="true" onChange={onFile} />
      <input
        ref={galleryInput}
        type="file"
        accept="image/*"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="avatar-gallery-input"
        onChange={onFile}
      />
      <p className="mt-2 text-xs text-ink-muted">{t('avatar.hint')}</p>
      <div className="mt-1 self-stretch text-start">
        <FieldError id={errorId} message={problem} />
      </div>
    </div>
  );
}
