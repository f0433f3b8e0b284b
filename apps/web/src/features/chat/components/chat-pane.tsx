import { CHAT_RULES, conversationRoom, presenceRoom, type ChatMessage, type Conversation } from '@khedma/shared';
import { ArrowLeft, BellRing, Check, CheckCheck, FileText, Paperclip, SendHorizontal } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { DirectionalIcon } from '../../../components/ui/directional-icon';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api';
import { formatDate, formatTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/localized';
import { getRealtimeClient } from '../../../lib/realtime';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { conversationKeys } from '../../../entities/conversation/api';
import { useMarkRead, useMessages, useSendFile, useSendMessage } from '../api';
import { dismissPush, enablePush, shouldOfferPush } from '../../../lib/web-push';
import { conversationTitle, otherParty } from './conversation-list';
import { PartyAvatar } from './party-avatar';

/** The open conversation: its header (who, Online), the messages with read receipts, typing, and the composer. */
export function ChatPane({ conversation, userId }: { conversation: Conversation; userId: string }) {
  const { t } = useTranslation('chat');
  const language = useLanguage();
  const other = otherParty(conversation);
  const messages = useMessages(conversation.id);
  const markRead = useMarkRead(conversation.id);
  // The list's answer until the presence room says otherwise (the pane is keyed by conversation).
  const [liveOnline, setOnline] = useState<boolean | null>(null);
  const online = liveOnline ?? conversation.otherOnline;
  const [typing, setTyping] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const isParty = conversation.viewerRole !== 'admin';
  const queryClient = useQueryClient();

  // The conversation's room (typing) and the other party's presence, for as long as it is open.
  useEffect(() => {
    const client = getRealtimeClient();
    const leaveRoom = client.join(conversationRoom(conversation.id));
    const leavePresence = client.join(presenceRoom(other.userId));
    let timer: number | undefined;
    const offTyping = client.on('chat.typing', (d) => {
      if (d.conversationId !== conversation.id || d.userId === userId) return;
      setTyping(true);
      window.clearTimeout(timer);
      // docs/chat.md: the indicator turns off after 1 s without typing.
      timer = window.setTimeout(() => setTyping(false), CHAT_RULES.typingIndicatorMs);
    });
    const offMessage = client.on('chat.message', (d) => {
      if (d.conversationId === conversation.id && d.senderId !== userId) setTyping(false);
    });
    const offPresence = client.on('presence.changed', (d) => {
      if (d.userId === other.userId) setOnline(d.online);
    });
    // Changes before the room was joined were not heard: once in it, ask the server where things stand.
    const offJoined = client.on('room.joined', ({ room }) => {
      if (room !== presenceRoom(other.userId)) return;
      setOnline(null);
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list() });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(conversation.id) });
    });
    return () => {
      window.clearTimeout(timer);
      offTyping();
      offMessage();
      offPresence();
      offJoined();
      leaveRoom();
      leavePresence();
    };
  }, [conversation.id, other.userId, userId, queryClient]);

  const list = messages.data?.messages;
  const unreadFromOther = isParty && !!list?.some((m) => m.senderId !== userId && m.readAt === null);

  // Read receipts: what is on screen in a visible tab is read.
  const { mutate: markAsRead, isPending: marking } = markRead;
  useEffect(() => {
    if (!unreadFromOther || marking) return;
    if (document.visibilityState === 'visible') {
      markAsRead();
      return;
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible') markAsRead();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [unreadFromOther, marking, markAsRead, list?.length]);

  // The newest message in view.
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [list?.length, typing]);

  const lastOwn = list ? [...list].reverse().find((m) => m.senderId === userId) : undefined;

  return (
    <section className="flex h-full min-h-0 flex-col" aria-label={t('pane.messagesLabel', { name: other.name })}>
      <header className="flex items-center gap-3 border-b border-sand-200 px-3 py-2">
        <Link to={paths.chat()} className="grid size-11 place-items-center rounded-xl text-ink hover:bg-sand-100 md:hidden" aria-label={t('pane.back')}>
          <DirectionalIcon icon={ArrowLeft} aria-hidden="true" className="size-5" />
        </Link>
        <PartyAvatar name={other.name} avatarUrl={other.avatarUrl} online={online} size="sm" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold text-ink">{other.name}</h2>
          <p className="truncate text-xs text-ink-muted">
            <span data-testid="presence" className={online ? 'font-semibold text-completed' : undefined}>
              {online ? t('pane.online') : t('pane.offline')}
            </span>
            {' · '}
            <bdi>{conversationTitle(conversation, language, t)}</bdi> · <bdi dir="ltr">{conversation.bookingReference}</bdi>
          </p>
        </div>
      </header>

      {conversation.viewerRole === 'admin' ? <p className="bg-pending-soft px-4 py-2 text-sm text-pending">{t('pane.adminNotice')}</p> : null}

      <div className="min-h-0 flex-1 overflow-y-auto bg-sand-50 px-3 py-4" ref={listRef}>
        {messages.isError ? (
          <RetryAlert message={t('errors.loadMessages')} onRetry={() => void messages.refetch()} compact />
        ) : messages.isPending ? (
          <div className="space-y-3" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <div key={i} className={cn('h-10 w-2/3 animate-pulse rounded-2xl bg-sand-200', i % 2 === 1 && 'ms-auto')} />
            ))}
          </div>
        ) : list && list.length === 0 ? (
          <p className="py-10 text-center text-sm text-ink-muted">{t('pane.empty')}</p>
        ) : (
          <div role="log" aria-live="polite" aria-relevant="additions" aria-label={t('pane.messagesLabel', { name: other.name })}>
          <ol className="space-y-2" data-testid="messages">
            {list?.map((m, i) => {
              const prev = list[i - 1];
              const dayChanged = !prev || formatDate(prev.createdAt, language) !== formatDate(m.createdAt, language);
              return (
                <li key={m.id}>
                  {dayChanged ? <p className="my-3 text-center text-xs font-medium text-ink-muted">{formatDate(m.createdAt, language, 'long')}</p> : null}
                  <MessageBubble message={m} own={m.senderId === userId} showReceipt={m.id === lastOwn?.id} />
                </li>
              );
            })}
          </ol>
          </div>
        )}
        <p aria-live="polite" className="min-h-6 px-1 pt-2 text-sm text-ink-muted italic" data-testid="typing">
          {typing ? t('pane.typing', { name: other.name }) : ''}
        </p>
      </div>

      {isParty ? <Composer conversationId={conversation.id} otherName={other.name} /> : null}
    </section>
  );
}

function MessageBubble({ message, own, showReceipt }: { message: ChatMessage; own: boolean; showReceipt: boolean }) {
  const { t } = useTranslation('chat');
  const language = useLanguage();
  return (
    <div className={cn('flex flex-col', own ? 'items-end' : 'items-start')} data-testid="message" data-own={own ? 'true' : 'false'}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap shadow-sm md:max-w-[70%]',
          own ? 'rounded-ee-sm bg-primary-600 text-white' : 'rounded-es-sm bg-white text-ink',
        )}
      >
        {message.type === 'image' && message.file ? (
          <a href={message.file.url} target="_blank" rel="noopener" className="block">
            <img
              src={message.file.url}
              alt={t('pane.image', { name: message.senderName })}
              loading="lazy"
              className="max-h-64 rounded-xl object-contain"
            />
          </a>
        ) : message.type === 'file' && message.file ? (
          <a
            href={message.file.url}
            download={message.file.name}
            className={cn('flex min-h-11 items-center gap-2 underline', own ? 'text-white' : 'text-primary-700')}
            aria-label={t('pane.download', { name: message.file.name })}
          >
            <FileText aria-hidden="true" className="size-5 shrink-0" />
            <bdi className="truncate">{message.file.name}</bdi>
          </a>
        ) : (
          <bdi>{message.content}</bdi>
        )}
      </div>
      <span className="mt-0.5 flex items-center gap-1 px-1 text-xs text-ink-muted">
        <time dateTime={message.createdAt} dir="ltr">
          {formatTime(message.createdAt, language)}
        </time>
        {own && showReceipt ? (
          message.readAt ? (
            <span className="inline-flex items-center gap-0.5 text-primary-700" data-testid="receipt">
              <CheckCheck aria-hidden="true" className="size-3.5" />
              {t('pane.read')}
            </span>
          ) : (
            <span className="inline-flex items-center gap-0.5" data-testid="receipt">
              <Check aria-hidden="true" className="size-3.5" />
              {t('pane.sent')}
            </span>
          )
        ) : null}
      </span>
    </div>
  );
}

function Composer({ conversationId, otherName }: { conversationId: string; otherName: string }) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const [offerPush, setOfferPush] = useState(false);
  const sendMessage = useSendMessage(conversationId);
  const sendFile = useSendFile(conversationId);
  const fileRef = useRef<HTMLInputElement>(null);
  const lastTyping = useRef(0);
  const asked = useRef(false);

  function afterSend() {
    // A sensible moment to offer push: they just wrote and are waiting for an answer.
    if (asked.current) return;
    asked.current = true;
    void shouldOfferPush().then(setOfferPush);
  }

  function onChange(value: string) {
    setText(value);
    const now = Date.now();
    if (value.trim() && now - lastTyping.current >= CHAT_RULES.typingSendEveryMs) {
      lastTyping.current = now;
      getRealtimeClient().send('chat.typing', { conversationId });
    }
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const content = text.trim();
    if (!content || sendMessage.isPending) return;
    sendMessage.mutate(content, {
      onSuccess: () => {
        setText('');
        afterSend();
      },
      onError: (error) => toast.error(isApiError(error, 'RATE_LIMITED') ? t('errors.tooFast') : t('errors.send')),
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  }

  function onFile(file: File | undefined) {
    if (fileRef.current) fileRef.current.value = '';
    if (!file) return;
    if (file.size > CHAT_RULES.maxFileBytes) {
      toast.error(t('errors.tooLarge'));
      return;
    }
    sendFile.mutate(file, {
      onSuccess: afterSend,
      onError: (error) =>
        toast.error(
          isApiError(error, 'PAYLOAD_TOO_LARGE')
            ? t('errors.tooLarge')
            : isApiError(error, 'RATE_LIMITED')
              ? t('errors.tooFast')
              : isApiError(error, 'PDF_ACTIVE_CONTENT')
                ? t('errors.pdfActive')
                : isApiError(error, 'UNSUPPORTED_MEDIA_TYPE') ? t('errors.fileType') : t('errors.upload'),
        ),
    });
  }

  return (
    // data-action-bar: floating buttons (Become a Pro) stay off the composer, the page's main action.
    <div className="border-t border-sand-200 bg-white" data-action-bar="">
      {offerPush ? (
        <div className="flex flex-wrap items-center gap-2 border-b border-sand-200 bg-primary-50 px-3 py-2 text-sm" role="region" aria-label={t('push.title')}>
          <BellRing aria-hidden="true" className="size-4 text-primary-700" />
          <span className="min-w-0 flex-1">
            <strong className="font-semibold">{t('push.title')}</strong> {t('push.body', { name: otherName })}
          </span>
          <Button
            variant="primary"
            onClick={() => {
              setOfferPush(false);
              void enablePush()
                .then((r) => (r === 'enabled' ? toast.success(t('push.enabled')) : r === 'denied' ? toast.info(t('push.denied')) : undefined))
                .catch(() => undefined);
            }}
          >
            {t('push.enable')}
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              dismissPush();
              setOfferPush(false);
            }}
          >
            {t('push.later')}
          </Button>
        </div>
      ) : null}
      <form onSubmit={submit} className="flex items-end gap-2 p-2">
        <label
          className={cn(
            'grid size-11 shrink-0 cursor-pointer place-items-center rounded-xl text-ink hover:bg-sand-100 focus-within:outline-2 focus-within:outline-primary-600',
            sendFile.isPending && 'pointer-events-none opacity-60',
          )}
          title={t('composer.attach')}
        >
          <input
            ref={fileRef}
            type="file"
            accept={CHAT_RULES.accept}
            className="sr-only"
            onChange={(e) => onFile(e.target.files?.[0])}
            aria-label={t('composer.attach')}
            aria-describedby={`chat-file-hint-${conversationId}`}
            data-testid="chat-file"
          />
          <Paperclip aria-hidden="true" className="size-5" />
        </label>
        <span id={`chat-file-hint-${conversationId}`} className="sr-only">
          {t('composer.hint')}
        </span>
        <label htmlFor={`chat-text-${conversationId}`} className="sr-only">
          {t('composer.label')}
        </label>
        <textarea
          id={`chat-text-${conversationId}`}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          maxLength={CHAT_RULES.maxTextLength}
          placeholder={t('composer.placeholder')}
          className="max-h-32 min-h-11 flex-1 resize-none rounded-xl border border-sand-400 bg-white px-3 py-2.5 text-base text-ink placeholder:text-sand-600 focus:border-primary-600 focus:outline-none"
        />
        <Button type="submit" disabled={!text.trim() || sendMessage.isPending} className="size-11 shrink-0 px-0" aria-label={t('composer.send')}>
          <DirectionalIcon icon={SendHorizontal} aria-hidden="true" className="size-5" />
        </Button>
      </form>
      {sendFile.isPending ? (
        <p className="px-3 pb-2 text-xs text-ink-muted" role="status">
          {t('composer.uploading')}
        </p>
      ) : null}
    </div>
  );
}
