/**
 * The shell's view of the signed-in user: the one seam between the layout (header account slot,
 * mobile menu) and the session (src/lib/session.ts, which features use directly).
 */
import type { ApplicationStatus } from '@khedma/shared/domain/applications';
import { useSession, useSignOut } from '../lib/session';

export type ShellRole = 'customer' | 'pro' | 'admin';

export interface ShellUser {
  id: string;
  /** Full name when known; the menu falls back to the email. */
  name: string | null;
  email: string;
  role: ShellRole;
  avatarUrl?: string | null;
  /** Status of the user's latest application to become a professional; null when they never applied. */
  applicationStatus: ApplicationStatus | null;
}

export type ShellSession =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | {
      status: 'signed-in';
      user: ShellUser;
      /** Ends the session on the server and clears cached user data. Rejects on failure. */
      logout: () => Promise<void>;
    };

export function useShellSession(): ShellSession {
  const session = useSession();
  const logout = useSignOut();
  if (session.status !== 'signed-in') return session;
  const { user, profile, application, permissions } = session;
  return {
    status: 'signed-in',
    user: {
      id: user.id,
      name: profile?.full_name ?? profile?.name ?? (user.name || null),
      email: user.email,
      // A pro account not approved yet is, for the shell, a customer who may apply (the floating button).
      role: user.userType === 'pro' && !permissions.includes('booking:accept:own') ? 'customer' : user.userType,
      avatarUrl: profile?.avatar_url ?? null,
      applicationStatus: application?.status ?? null,
    },
    logout,
  };
}
