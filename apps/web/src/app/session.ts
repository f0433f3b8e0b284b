/**
 * The shell's view of the signed-in user: the one seam between the layout (header account slot,
 * mobile menu) and the auth feature.
 *
 * PLUG-IN POINT: the auth capability replaces the body of `useShellSession` with its own session hook,
 * e.g. `const s = useSession(); return s.isLoading ? { status: 'loading' } : ...`, mapping its user to
 * ShellUser and exposing `logout`. Nothing else in the layout has to change.
 */

export type ShellRole = 'customer' | 'pro' | 'admin';

export interface ShellUser {
  id: string;
  /** Full name when known; the menu falls back to the email. */
  name: string | null;
  email: string;
  role: ShellRole;
  avatarUrl?: string | null;
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

const SIGNED_OUT: ShellSession = { status: 'signed-out' };

/** Until the auth feature lands, everyone is signed out. */
export function useShellSession(): ShellSession {
  return SIGNED_OUT;
}
