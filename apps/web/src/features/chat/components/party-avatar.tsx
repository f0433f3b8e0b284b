import { cn } from '../../../components/ui/cn';

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : name.trim().slice(0, 2)).toUpperCase() || '?';
}

/** The other party's photo or initials, with a green dot when they are online. Decorative: the row says it in words. */
export function PartyAvatar({ name, avatarUrl, online, size = 'md' }: { name: string; avatarUrl: string | null; online?: boolean; size?: 'md' | 'sm' }) {
  const box = size === 'md' ? 'size-11' : 'size-9';
  return (
    <span aria-hidden="true" className={cn('relative inline-block shrink-0', box)}>
      {avatarUrl ? (
        <img src={avatarUrl} alt="" className={cn('rounded-full object-cover', box)} width={44} height={44} />
      ) : (
        <span className={cn('grid place-items-center rounded-full bg-primary-100 text-sm font-bold text-primary-800', box)}>{initials(name)}</span>
      )}
      {online ? <span className="absolute -end-0.5 -bottom-0.5 size-3 rounded-full border-2 border-white bg-completed" /> : null}
    </span>
  );
}
