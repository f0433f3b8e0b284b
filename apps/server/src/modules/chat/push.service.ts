/**
 * Web push of new messages (docs/chat.md, decision 0015): sent by a durable job after the message
 * committed, to every browser the recipient subscribed, when the recipient has no live connection
 * (someone in the app sees the message arrive; a push would only repeat it). A subscription the push
 * service says is gone is deleted. Only to a recipient who takes push notifications
 * (docs/chat.md#notification-preferences).
 */
import type { Locale } from '@khedma/shared';
import type { NotificationPreferencesStore } from '../profile';
import type { PresenceTracker } from '../../platform/presence';
import type { ChatRepository } from './chat.repository';
import type { PushSubscriptions } from './push-subscriptions';

const COPY: Record<Locale, { title: (name: string) => string; file: string; image: string }> = {
  en: { title: (n) => `New message from ${n}`, file: 'A file', image: 'A photo' },
  fr: { title: (n) => `Nouveau message de ${n}`, file: 'Un fichier', image: 'Une photo' },
  ar: { title: (n) => `رسالة جديدة من ${n}`, file: 'ملف جديد', image: 'تصويرة جديدة' },
};

export class ChatPushService {
  constructor(
    private readonly repo: ChatRepository,
    private readonly subscriptions: PushSubscriptions,
    private readonly presence: PresenceTracker,
    private readonly preferences: Pick<NotificationPreferencesStore, 'allows'>,
  ) {}

  async newMessage(messageId: string): Promise<void> {
    if (!this.subscriptions.enabled) return;
    const target = await this.repo.pushTarget(messageId);
    if (!target || target.subscriptions.length === 0) return;
    // Asked when the job runs: push turned off after the message was sent stays off.
    if (!(await this.preferences.allows(target.recipientId, 'push'))) return;
    if (await this.presence.isOnline(target.recipientId)) return;
    const copy = COPY[(target.locale in COPY ? target.locale : 'en') as Locale];
    const body =
      target.type === 'text'
        ? target.content.length > 120
          ? `${target.content.slice(0, 119)}…`
          : target.content
        : target.type === 'image'
          ? copy.image
          : copy.file;
    const message = { title: copy.title(target.senderName), body, url: `/chat?conversation=${target.conversationId}`, tag: `conversation:${target.conversationId}` };
    // Gone browsers are deleted; a failure that may pass is thrown so the job runs again later.
    await this.subscriptions.sendTo(target.subscriptions, message, { urgency: 'high', ttlSeconds: 24 * 3600 });
  }
}
