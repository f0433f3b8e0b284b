/**
 * The signed-in user, for every feature (docs/accounts.md Account, §6 Roles).
 *
 * One TanStack Query entry, ['session'], holds GET /api/me (user, profile, latest professional
 * application, permissions) or null when signed out. The web app's session is the httpOnly cookie
 * better-auth sets; the page never sees a token. The entry is refetched when the window regains
 * focus and every 30 s while it has focus, so an expired or revoked session (sign-out in another tab,
 * password reset) is noticed quickly.
 *
 * Features use: useSession(), useSessionUser(), useCan(permission), useSignOut(), useRequireLogin(),
 * and sessionQueryKey to update the cached profile after a change.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from './use-translation';
import { useLocation, useNavigate } from 'react-router';
import { toast } from './toast';
import type { Permission } from '@khedma/shared/domain/permissions';
import type { MeResponse } from '@khedma/shared/schemas/auth';
import type { Profile } from '@khedma/shared/schemas/profile';
import { api, isApiError } from './api';
import { loginPathWithNext } from './safe-next';

export type { MeResponse, Profile };
export type SessionUser = MeResponse['user'];

/** API paths of the session: who is signed in, signing out, and the profile the chosen language is saved on. */
export const sessionApiPaths = {
  session: '/api/auth/get-session',
  me: '/api/me',
  signOut: '/api/auth/sign-out',
  profile: '/api/profile',
} as const;

export const sessionQueryKey = ['session'] as const;

/** How often the session is checked while the window has focus (docs/accounts.md: every 30 s). */
export const SESSION_POLL_MS = 30_000;
/**
 * GET /api/auth/get-session slides the session's expiry forward (better-auth refreshes it once a day);
 * /api/me does not. A signed-in poll asks /api/me alone and calls get-session at most this often.
 */
const SLIDE_EVERY_MS = 10 * 60_000;
let lastSlideAt = 0;

interface GetSessionResponse {
  session: { id: string; userId: string; expiresAt: string };
  user: { id: string; email: string };
}

/**
 * The current session: null when signed out. Signed out, it asks get-session (which answers 200 null,
 * so a visitor's console stays free of 401s); signed in, it asks /api/me (a 401 means the session ended).
 */
export async function fetchSession(signal: AbortSignal | undefined, previous: MeResponse | null | undefined): Promise<MeResponse | null> {
  if (!previous || Date.now() - lastSlideAt > SLIDE_EVERY_MS) {
    const current = await api.get<GetSessionResponse | null>(sessionApiPaths.session, { signal });
    lastSlideAt = Date.now();
    if (!current) return null;
  }
  try {
    return await api.get<MeResponse>(sessionApiPaths.me, { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export function sessionQueryOptions(queryClient: QueryClient) {
  return {
    queryKey: sessionQueryKey,
    queryFn: ({ signal }: { signal?: AbortSignal }) => fetchSession(signal, queryClient.getQueryData<MeResponse | null>(sessionQueryKey)),
    staleTime: 15_000,
    refetchOnWindowFocus: true,
    refetchInterval: SESSION_POLL_MS,
    // Retries with a backoff capped at 30 s (docs/accounts.md) for network failures; a 4xx will not change.
    retry: (failureCount: number, error: unknown) => failureCount < 3 && !(isApiError(error) && error.isClientError),
    retryDelay: (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000),
  } as const;
}

export type Session =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | {
      status: 'signed-in';
      user: SessionUser;
      /** null: the account has no profile yet ("Complete Your Profile"). */
      profile: Profile | null;
      /** The latest application to become a professional; null when the user never applied. */
      application: MeResponse['application'];
      permissions: readonly Permission[];
    };

const LOADING: Session = { status: 'loading' };
const SIGNED_OUT: Session = { status: 'signed-out' };

/** The session as a small state machine: loading, signed-out or signed-in (with user and profile). */
export function useSession(): Session {
  const queryClient = useQueryClient();
  const query = useQuery(sessionQueryOptions(queryClient));
  if (query.data) {
    const { user, profile, application, permissions } = query.data;
    return { status: 'signed-in', user, profile, application, permissions };
  }
  if (query.data === null) return SIGNED_OUT;
  // No answer yet: still loading, or the first check failed (offline): treated as signed out so
  // pages are not stuck on a spinner; the next focus or poll tries again.
  return query.isError ? SIGNED_OUT : LOADING;
}

/** The signed-in user, or null (loading or signed out). Inside a RequireAuth route it is always set. */
export function useSessionUser(): SessionUser | null {
  const session = useSession();
  return session.status === 'signed-in' ? session.user : null;
}

/** Whether the signed-in user holds a permission (packages/shared permissions table). Hide, never trust. */
export function useCan(permission: Permission): boolean {
  const session = useSession();
  return session.status === 'signed-in' && session.permissions.includes(permission);
}

/** Replaces the profile inside the cached session (after PATCH /api/profile or an avatar upload). */
export function setCachedProfile(queryClient: QueryClient, profile: Profile) {
  queryClient.setQueryData<MeResponse | null>(sessionQueryKey, (me) =>
    me
      ? {
          ...me,
          profile,
          user: { ...me.user, name: profile.full_name ?? profile.name ?? me.user.name, locale: profile.locale },
        }
      : me,
  );
}

/**
 * Ends the session on the server and forgets every cached answer (they may hold the user's data).
 * A 401 means the session had already ended: that is a successful sign-out too. Rejects otherwise.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await api.post(sessionApiPaths.signOut);
    } catch (error) {
      if (!(isApiError(error) && error.status === 401)) throw error;
    }
    await queryClient.cancelQueries();
    queryClient.clear();
    queryClient.setQueryData(sessionQueryKey, null);
  }, [queryClient]);
}

/** Asks the server again (after signing in, or after confirming an email). Resolves with the new session. */
export function refreshSession(queryClient: QueryClient): Promise<MeResponse | null> {
  lastSlideAt = 0;
  return queryClient.fetchQuery({ ...sessionQueryOptions(queryClient), staleTime: 0 });
}

/**
 * For actions that need an account (docs/accounts.md: "Starting an application from Become a Pro requires
 * login (destructive toast and redirect to /login)"). Returns a function: true when signed in;
 * otherwise it shows the destructive toast, sends the visitor to /login?next=<here or `next`> and
 * returns false (also while the session is still loading).
 *
 *   const requireLogin = useRequireLogin();
 *   <Button onClick={() => requireLogin(paths.professionalOnboarding()) && navigate(paths.professionalOnboarding())} />
 */
export function useRequireLogin() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation();
  return useCallback(
    (next?: string) => {
      if (session.status === 'signed-in') return true;
      // Still checking: do nothing yet rather than send a signed-in user to the login page.
      if (session.status === 'loading') return false;
      toast.error(t('auth.guard.loginRequired'), { id: 'login-required' });
      void navigate(loginPathWithNext(next ?? `${location.pathname}${location.search}`));
      return false;
    },
    [session.status, navigate, location.pathname, location.search, t],
  );
}
