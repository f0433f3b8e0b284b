import type { ShellUser } from '../session';

function initials(user: ShellUser): string {
  const source = user.name?.trim() || user.email;
  const words = source.split(/[\s@._-]+/).filter(Boolean);
  return (words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : source.slice(0, 2)).toUpperCase();
}

/** The user's photo, or their initials on the primary tint. Decorative: the surrounding control is named. */
export function UserAvatar({ user }: { user: ShellUser }) {
  return user.avatarUrl ? (
    <img src={user.avatarUrl} alt="" className="size-9 rounded-full object-cover" width={36} height={36} />
  ) : (
    <span aria-hidden="true" className="grid size-9 place-items-center rounded-full bg-primary-100 text-sm font-bold text-primary-800">
      {initials(user)}
    </span>
  );
}
