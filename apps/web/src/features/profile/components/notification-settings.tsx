import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing, Info, Mail, MessageCircle, MessageSquareText } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { NotificationChannel } from '@khedma/shared/domain/notifications';
import { Button } from '../../../components/ui/button';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { Switch } from '../../../components/ui/switch';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { browserPushState, enablePush, pushApiPaths } from '../../../lib/web-push';
import { notificationKeys, useNotificationPreferences, useUpdateNotificationPreferences } from '../api';

/**
 * The profile's Notifications section (docs/chat.md#notification-preferences): one switch per channel
 * for booking updates and messages. Turning push on is also where this browser is asked for
 * permission (a moment the user chose); account and security emails are always sent, and the
 * section says so.
 */
export function NotificationSettings({ phone }: { phone: string | null }) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const prefs = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const config = useQuery({
    queryKey: ['push', 'config'],
    queryFn: ({ signal }) => api.get<{ enabled: boolean; publicKey: string | null }>(pushApiPaths.config, { signal }),
    staleTime: Infinity,
  });
  const [browser, setBrowser] = useState(browserPushState);

  // A phone added or removed above changes whether SMS can reach the user.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.preferences });
  }, [phone, queryClient]);

  if (prefs.isPending) return <p className="text-sm text-ink-muted">{t('notifications.loading')}</p>;
  if (prefs.isError) return <RetryAlert message={t('notifications.loadFailed')} onRetry={() => void prefs.refetch()} />;
  const p = prefs.data;
  const pushReady = config.data?.enabled === true;

  function save(channel: NotificationChannel, on: boolean) {
    update.mutate({ [channel]: on }, { onSuccess: () => toast.success(t('notifications.saved')), onError: () => toast.error(t('notifications.failed')) });
  }

  function askBrowser() {
    void enablePush()
      .then((r) => {
        setBrowser(browserPushState());
        if (r === 'enabled') toast.success(t('notifications.push.deviceOn'));
        else if (r === 'denied') toast.info(t('notifications.push.blocked'));
      })
      .catch(() => setBrowser(browserPushState()));
  }

  function onPush(on: boolean) {
    save('push', on);
    // The user's own tap: the moment to ask this browser (never on a first visit).
    if (on && pushReady && browser !== 'denied' && browser !== 'unsupported') askBrowser();
  }

  const pushHint =
    browser === 'unsupported'
      ? t('notifications.push.unsupported')
      : browser === 'denied'
        ? t('notifications.push.blocked')
        : browser === 'granted'
          ? t('notifications.push.hintOn')
          : t('notifications.push.hint');

  return (
    <div>
      <p className="text-sm text-ink-muted">{t('notifications.lead')}</p>
      <div className="mt-2 divide-y divide-sand-200">
        <Switch
          icon={<Mail aria-hidden="true" className="size-5" />}
          label={t('notifications.email.label')}
          hint={t('notifications.email.hint')}
          checked={p.email}
          onChange={(on) => save('email', on)}
        />
        <Switch
          icon={<MessageSquareText aria-hidden="true" className="size-5" />}
          label={t('notifications.sms.label')}
          hint={p.smsReachable ? t('notifications.sms.hint') : t('notifications.sms.noPhone')}
          checked={p.sms}
          disabled={!p.smsReachable && !p.sms}
          onChange={(on) => save('sms', on)}
        />
        <Switch
          icon={<MessageCircle aria-hidden="true" className="size-5" />}
          label={t('notifications.whatsapp.label')}
          hint={p.smsReachable ? t('notifications.whatsapp.hint') : t('notifications.whatsapp.noPhone')}
          checked={p.whatsapp}
          disabled={!p.smsReachable && !p.whatsapp}
          onChange={(on) => save('whatsapp', on)}
        />
        <div>
          <Switch
            icon={<BellRing aria-hidden="true" className="size-5" />}
            label={t('notifications.push.label')}
            hint={pushHint}
            checked={p.push}
            onChange={onPush}
          />
          {p.push && pushReady && browser === 'default' ? (
            <div className="pb-3 ps-8">
              <Button variant="secondary" onClick={askBrowser}>
                {t('notifications.push.allowDevice')}
              </Button>
            </div>
          ) : null}
        </div>
      </div>
      <p className="mt-3 flex items-start gap-2 rounded-xl bg-sand-100 p-3 text-sm text-ink">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-700" />
        <span>{t('notifications.alwaysSent')}</span>
      </p>
    </div>
  );
}
