import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../lib/use-translation';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../lib/toast';
import type { Profile } from '@khedma/shared/schemas/profile';
import { api } from '../lib/api';
import { i18n, isLanguage } from '../lib/i18n';
import { refreshSession, sessionApiPaths, sessionQueryKey, setCachedProfile, type MeResponse } from '../lib/session';

/** Landings already greeted (a location key is unique per history entry; survives StrictMode's double effects). */
const handledLandings = new Set<string>();

/**
 * Session side effects that belong to no page (rendered once by the root layout):
 * - the confirmation email's link lands on /dashboard?verified=1, or on the page the visitor signed
 *   up on the way to (?next=, with verified=1 added), signed in by the server: say
 *   "Thank you for confirming your email!" once and drop the parameter; a bad or expired link comes
 *   back with &error=INVALID_TOKEN: say so instead.
 * - a signed-in user who switches the interface language keeps it on their profile, so the emails
 *   and SMS sent to them use it.
 */
export function SessionEffects() {
  useVerifiedLanding();
  useLanguageFollowsProfile();
  return null;
}

function useVerifiedLanding() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation();

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.get('verified') !== '1' || handledLandings.has(location.key)) return;
    handledLandings.add(location.key);
    const failed = params.has('error');
    params.delete('verified');
    params.delete('error');
    if (failed) {
      toast.error(t('auth.verifyLinkInvalid'), { id: 'email-verified' });
    } else {
      toast.success(t('auth.verified'), { id: 'email-verified' });
      // The link signed the user in on the server: ask for the new session now.
      void refreshSession(queryClient).catch(() => undefined);
    }
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, state: location.state });
  }, [location, navigate, queryClient, t]);
}

function useLanguageFollowsProfile() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onChange = (language: string) => {
      const me = queryClient.getQueryData<MeResponse | null>(sessionQueryKey);
      if (!me || !isLanguage(language) || me.user.locale === language) return;
      api.patch<Profile>(sessionApiPaths.profile, { locale: language }).then(
        (profile) => setCachedProfile(queryClient, profile),
        // Not critical: the interface switched; emails keep the previous language until the next try.
        () => undefined,
      );
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [queryClient]);
}
