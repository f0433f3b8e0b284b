import { Sparkles } from 'lucide-react';
import { isPhonePlaceholderEmail } from '@khedma/shared/domain/phone-accounts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Seo } from '../../../components/seo';
import { PageIntro } from '../../../components/ui/page-intro';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { currentLanguage, isLanguage } from '../../../lib/i18n';
import { useSession, type Profile } from '../../../lib/session';
import { AvatarCard } from '../components/avatar-card';
import { EmailSettings } from '../components/email-settings';
import { LanguagePreference } from '../components/language-preference';
import { NotificationSettings } from '../components/notification-settings';
import { ProfileForm } from '../components/profile-form';

/** Nothing filled in beyond what sign-up set: invite the user to complete it (docs/accounts.md). */
function isEmptyProfile(profile: Profile | null): boolean {
  return !profile || (!profile.phone && !profile.location && !profile.about_me && !profile.avatar_url);
}

/**
 * /profile (docs/accounts.md Profile; signed in, see the route guard): picture, read-only account information,
 * "Complete Your Profile" when empty, a phone account's "Add an email address", the Update Profile form, the language kept on the profile and the
 * Notifications section (#notifications: a channel per switch).
 */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { t: tShell } = useTranslation();
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  const { user, profile } = session;
  const name = profile?.full_name ?? profile?.name ?? user.name ?? user.email;
  const locale = profile?.locale ?? user.locale;

  return (
    <>
      <Seo title={tShell('pages.profile.title')} />
      <PageIntro title={tShell('pages.profile.title')} lead={t('lead')} />
      {isEmptyProfile(profile) ? (
        <div className="container-page pt-6 md:pt-10">
          <section aria-labelledby="complete-profile" className="flex items-start gap-4 rounded-card border border-saffron-300 bg-saffron-100 p-5">
            <Sparkles aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-accent-700" />
            <div>
              <h2 id="complete-profile" className="text-lg font-bold">
                {t('complete.title')}
              </h2>
              <p className="mt-1 text-ink-muted">{t('complete.body')}</p>
            </div>
          </section>
        </div>
      ) : null}
      <div className="container-page grid items-start gap-6 py-6 md:py-10 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div className="flex flex-col gap-6">
          <Card>
            <AvatarCard name={name} avatarUrl={profile?.avatar_url ?? null} />
          </Card>
          <Card title={t('info.title')}>
            <dl className="flex flex-col gap-4 text-sm">
              {/* A phone account's stand-in address (docs/accounts.md) is no email of theirs: not shown. */}
              {isPhonePlaceholderEmail(user.email) ? null : (
                <Info label={t('info.email')}>
                  <span dir="ltr" className="break-all">
                    {user.email}
                  </span>
                </Info>
              )}
              <Info label={t('info.accountType')}>{t(`info.types.${user.userType}`)}</Info>
              {profile ? <Info label={t('info.memberSince')}>{formatDate(profile.created_at, currentLanguage(), 'long')}</Info> : null}
            </dl>
          </Card>
          {/* A phone account adds its email here and confirms it (issue 42). */}
          {isPhonePlaceholderEmail(user.email) ? (
            <Card title={t('email.title')} id="email">
              <EmailSettings />
            </Card>
          ) : null}
        </div>

        <div className="flex flex-col gap-6">
          <Card title={t('form.title')}>
            <ProfileForm key={profile?.updated_at ?? 'none'} profile={profile} />
          </Card>
          <Card title={t('language.title')}>
            <LanguagePreference locale={isLanguage(locale) ? locale : 'en'} />
          </Card>
          <Card title={t('notifications.title')} id="notifications">
            <NotificationSettings phone={profile?.phone ?? null} />
          </Card>
          <Card title={t('accountData.title')} id="account-data">
            <p className="mb-4 text-ink-muted">{t('accountData.body')}</p>
            <ButtonLink to={paths.accountData()} variant="secondary">
              {t('accountData.link')}
            </ButtonLink>
          </Card>
        </div>
      </div>
    </>
  );
}

function Card({ title, id, children }: { title?: string; id?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={id && title ? `${id}-title` : undefined} className="scroll-mt-24 rounded-card border border-sand-200 bg-white p-5 shadow-sm md:p-6">
      {title ? (
        <h2 id={id ? `${id}-title` : undefined} className="mb-4 text-lg font-bold">
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-ink-muted">{label}</dt>
      <dd className="mt-0.5 font-semibold text-ink">{children}</dd>
    </div>
  );
}
