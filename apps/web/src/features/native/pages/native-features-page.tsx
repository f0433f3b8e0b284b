import { NATIVE_RULES } from '@khedma/shared/domain/native';
import { Bell, Camera, CheckCircle2, Image as ImageIcon, MapPin, Smartphone, Vibrate, XCircle } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Seo } from '../../../components/seo';
import { Button } from '../../../components/ui/button';
import { PageIntro } from '../../../components/ui/page-intro';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/localized';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';

/**
 * /native-features (Mobile Features): the device abilities the product uses, tried in the browser or
 * the installed app: camera, location, notifications, haptics, and which of them this device offers.
 */
export function NativeFeaturesPage() {
  const { t } = useTranslation('native');
  return (
    <>
      <Seo title={t('title')} />
      <PageIntro title={t('title')} lead={t('lead')} />
      <div className="container-page grid gap-4 py-8 md:grid-cols-2">
        <CameraCard />
        <LocationCard />
        <NotificationsCard />
        <HapticsCard />
        <StatusCard />
      </div>
    </>
  );
}

function Card({ icon, title, body, children }: { icon: ReactNode; title: string; body: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-card border border-sand-200 bg-white p-5 shadow-sm">
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="grid size-10 place-items-center rounded-xl bg-primary-50 text-primary-700">
          {icon}
        </span>
        <h2 className="text-lg font-semibold text-ink">{title}</h2>
      </div>
      <p className="text-sm text-ink-muted">{body}</p>
      {children}
    </section>
  );
}

function CameraCard() {
  const { t } = useTranslation('native');
  const [photo, setPhoto] = useState<string | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const galleryRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (videoRef.current && stream) videoRef.current.srcObject = stream;
    return () => stream?.getTracks().forEach((track) => track.stop());
  }, [stream]);
  useEffect(() => () => {
    if (photo?.startsWith('blob:')) URL.revokeObjectURL(photo);
  }, [photo]);

  async function open() {
    if (!navigator.mediaDevices?.getUserMedia) {
      toast.error(t('camera.failed'));
      return;
    }
    try {
      setStream(await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }));
    } catch (error) {
      const name = (error as { name?: string }).name;
      toast.error(name === 'NotAllowedError' || name === 'SecurityError' ? t('camera.denied') : t('camera.failed'));
    }
  }

  function capture() {
    const video = videoRef.current;
    if (!video || !video.videoWidth) {
      toast.error(t('camera.failed'));
      return;
    }
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    setPhoto(canvas.toDataURL('image/jpeg', NATIVE_RULES.photoQuality));
    setStream(null);
  }

  return (
    <Card icon={<Camera className="size-5" />} title={t('camera.title')} body={t('camera.body')}>
      {stream ? (
        <div className="space-y-2">
          <video ref={videoRef} autoPlay playsInline muted aria-label={t('camera.video')} className="w-full rounded-xl bg-ink" />
          <div className="flex flex-wrap gap-2">
            <Button onClick={capture}>{t('camera.capture')}</Button>
            <Button variant="secondary" onClick={() => setStream(null)}>
              {t('camera.stop')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void open()}>
            <Camera aria-hidden="true" className="size-4" />
            {t('camera.take')}
          </Button>
          <Button variant="secondary" onClick={() => galleryRef.current?.click()}>
            <ImageIcon aria-hidden="true" className="size-4" />
            {t('camera.gallery')}
          </Button>
          <input
            ref={galleryRef}
            type="file"
            accept="image/*"
            className="sr-only"
            tabIndex={-1}
            aria-label={t('camera.gallery')}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              if (!file.type.startsWith('image/')) {
                toast.error(t('camera.failed'));
                return;
              }
              setPhoto(URL.createObjectURL(file));
            }}
          />
        </div>
      )}
      {photo ? <img src={photo} alt={t('camera.preview')} className="max-h-64 w-full rounded-xl object-contain" data-testid="photo-preview" /> : null}
    </Card>
  );
}

function LocationCard() {
  const { t } = useTranslation('native');
  const language = useLanguage();
  const [busy, setBusy] = useState(false);
  const [position, setPosition] = useState<GeolocationCoordinates | null>(null);
  const watch = useRef<number | null>(null);
  const [tracking, setTracking] = useState(false);

  useEffect(
    () => () => {
      if (watch.current !== null) navigator.geolocation.clearWatch(watch.current);
    },
    [],
  );

  function toggleTracking() {
    if (watch.current !== null) {
      navigator.geolocation.clearWatch(watch.current);
      watch.current = null;
      setTracking(false);
      return;
    }
    if (!('geolocation' in navigator)) {
      toast.error(t('location.tracking'));
      return;
    }
    setTracking(true);
    watch.current = navigator.geolocation.watchPosition(
      (p) => setPosition(p.coords),
      (error) => {
        if (watch.current !== null) navigator.geolocation.clearWatch(watch.current);
        watch.current = null;
        setTracking(false);
        toast.error(error.code === error.PERMISSION_DENIED ? t('location.denied') : t('location.tracking'));
      },
      { enableHighAccuracy: true, timeout: NATIVE_RULES.locationTimeoutMs, maximumAge: 0 },
    );
  }

  function locate() {
    if (!('geolocation' in navigator)) {
      toast.error(t('location.failed'));
      return;
    }
    setBusy(true);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setBusy(false);
        setPosition(p.coords);
      },
      (error) => {
        setBusy(false);
        toast.error(error.code === error.PERMISSION_DENIED ? t('location.denied') : t('location.failed'));
      },
      { enableHighAccuracy: true, timeout: NATIVE_RULES.locationTimeoutMs, maximumAge: 0 },
    );
  }

  return (
    <Card icon={<MapPin className="size-5" />} title={t('location.title')} body={t('location.body')}>
      <div className="flex flex-wrap gap-2">
        <Button onClick={locate} disabled={busy}>
          <MapPin aria-hidden="true" className="size-4" />
          {busy ? t('location.locating') : t('location.get')}
        </Button>
        <Button variant="secondary" onClick={toggleTracking} aria-pressed={tracking}>
          {tracking ? t('location.stopTracking') : t('location.track')}
        </Button>
      </div>
      {position ? (
        <dl className="grid grid-cols-3 gap-2 text-sm" data-testid="location">
          <div>
            <dt className="text-ink-muted">{t('location.latitude')}</dt>
            <dd className="font-semibold tabular-nums" dir="ltr">
              {position.latitude.toFixed(6)}
            </dd>
          </div>
          <div>
            <dt className="text-ink-muted">{t('location.longitude')}</dt>
            <dd className="font-semibold tabular-nums" dir="ltr">
              {position.longitude.toFixed(6)}
            </dd>
          </div>
          <div>
            <dt className="text-ink-muted">{t('location.accuracy')}</dt>
            <dd className="font-semibold tabular-nums">{t('location.metres', { value: formatNumber(Math.round(position.accuracy), language) })}</dd>
          </div>
        </dl>
      ) : null}
    </Card>
  );
}

type Permission = NotificationPermission | 'unsupported';
const notificationPermission = (): Permission => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

function NotificationsCard() {
  const { t } = useTranslation('native');
  const [permission, setPermission] = useState<Permission>(notificationPermission);
  const [registered, setRegistered] = useState(false);
  const [scheduled, setScheduled] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    let live = true;
    void navigator.serviceWorker
      ?.getRegistration()
      .then((r) => live && setRegistered(!!r))
      .catch(() => undefined);
    return () => {
      live = false;
      window.clearTimeout(timer.current);
    };
  }, []);

  async function allow() {
    if (permission === 'unsupported') return;
    const answer = await Notification.requestPermission();
    setPermission(answer);
    if (answer === 'denied') toast.error(t('notifications.denied'));
  }

  async function schedule() {
    try {
      let current = notificationPermission();
      if (current === 'default') current = await Notification.requestPermission();
      setPermission(current);
      if (current !== 'granted') {
        toast.error(t('notifications.denied'));
        return;
      }
      setScheduled(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        setScheduled(false);
        const title = t('notifications.testTitle');
        const options = { body: t('notifications.testBody'), icon: '/icons/icon-192.png', tag: 'khedma-test' };
        void navigator.serviceWorker
          ?.getRegistration()
          .then(async (r) => {
            if (r) await r.showNotification(title, options);
            else new Notification(title, options);
          })
          .catch(() => toast.error(t('notifications.failed')));
      }, NATIVE_RULES.testNotificationDelayMs);
    } catch {
      setScheduled(false);
      toast.error(t('notifications.failed'));
    }
  }

  const enabled = permission === 'granted';
  return (
    <Card icon={<Bell className="size-5" />} title={t('notifications.title')} body={t('notifications.body')}>
      <div className="flex flex-wrap gap-2 text-sm" data-testid="notification-badges">
        <Badge on={registered}>{registered ? t('notifications.registered') : t('notifications.notRegistered')}</Badge>
        <Badge on={enabled}>{enabled ? t('notifications.enabled') : t('notifications.disabled')}</Badge>
      </div>
      <div className="flex flex-wrap gap-2">
        {permission === 'default' ? (
          <Button variant="secondary" onClick={() => void allow()}>
            {t('notifications.enable')}
          </Button>
        ) : null}
        <Button onClick={() => void schedule()} disabled={permission === 'unsupported' || scheduled}>
          <Bell aria-hidden="true" className="size-4" />
          {t('notifications.test')}
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm text-ink-muted">
        {scheduled ? t('notifications.scheduled') : ''}
      </p>
    </Card>
  );
}

function HapticsCard() {
  const { t } = useTranslation('native');
  const [result, setResult] = useState('');
  return (
    <Card icon={<Vibrate className="size-5" />} title={t('haptics.title')} body={t('haptics.body')}>
      <div>
        <Button
          onClick={() => {
            const ok = typeof navigator.vibrate === 'function' && navigator.vibrate(NATIVE_RULES.hapticMs);
            setResult(ok ? t('haptics.done') : t('haptics.unsupported'));
          }}
        >
          <Vibrate aria-hidden="true" className="size-4" />
          {t('haptics.test')}
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm text-ink-muted">
        {result}
      </p>
    </Card>
  );
}

function Badge({ on, children }: { on: boolean; children: ReactNode }) {
  return (
    <span className={on ? 'inline-flex items-center gap-1 rounded-full bg-completed-soft px-2.5 py-1 font-semibold text-completed' : 'inline-flex items-center gap-1 rounded-full bg-sand-100 px-2.5 py-1 font-semibold text-ink-muted'}>
      {on ? <CheckCircle2 aria-hidden="true" className="size-4" /> : <XCircle aria-hidden="true" className="size-4" />}
      {children}
    </span>
  );
}

function StatusCard() {
  const { t } = useTranslation('native');
  // Rendered in the browser only (this page is not server-rendered): read the device once.
  const [rows] = useState<Array<[string, boolean, 'available' | 'yes']>>(() => {
    const standalone = window.matchMedia?.('(display-mode: standalone)').matches ?? false;
    const list: Array<[string, boolean, 'available' | 'yes']> = [
      ['camera', !!navigator.mediaDevices?.getUserMedia, 'available'],
      ['location', 'geolocation' in navigator, 'available'],
      ['notifications', typeof Notification !== 'undefined', 'available'],
      ['push', 'PushManager' in window, 'available'],
      ['haptics', typeof navigator.vibrate === 'function', 'available'],
      ['serviceWorker', 'serviceWorker' in navigator, 'available'],
      ['installed', standalone, 'yes'],
    ];
    return list;
  });
  return (
    <section className="rounded-card border border-sand-200 bg-white p-5 shadow-sm md:col-span-2">
      <div className="mb-3 flex items-center gap-3">
        <span aria-hidden="true" className="grid size-10 place-items-center rounded-xl bg-primary-50 text-primary-700">
          <Smartphone className="size-5" />
        </span>
        <h2 className="text-lg font-semibold text-ink">{t('status.title')}</h2>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2" data-testid="integration-status">
        {rows.map(([key, ok, kind]) => (
          <li key={key} className="flex items-center justify-between gap-2 rounded-xl bg-sand-50 px-3 py-2 text-sm">
            <span className="font-medium text-ink">{t(`status.${key}` as 'status.camera')}</span>
            <Badge on={ok}>{ok ? t(kind === 'yes' ? 'status.yes' : 'status.available') : t(kind === 'yes' ? 'status.no' : 'status.unavailable')}</Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}
