import multipart from '@fastify/multipart';
import { CHAT_RULES, conversationRoom } from '@khedma/shared';
import type { AppContext } from '../../context';
import { modulePlugin, type AppModule } from '../../module';
import { RateLimiter } from '../../platform/rate-limit';
import { ChatPushService } from './push.service';
import { PushSubscriptions } from './push-subscriptions';
import { CHAT_PUSH_JOB } from './chat.jobs';
import { ChatRepository } from './chat.repository';
import { registerChatRealtime } from './chat.realtime';
import { chatRoutes, pushRoutes } from './chat.routes';
import { ConversationsService } from './conversations.service';
import { MessagesService } from './messages.service';
import { oneFileUpload } from '../../http/single-file';

/**
 * Chat per booking (docs/chat.md): /api/chat/* (conversations, messages, files, read receipts), the
 * realtime rooms `conversation:<id>` and `presence:<userId>` with typing, the push of new messages,
 * and the browsers' push subscriptions (/api/push/*).
 */
export function createChatModule(ctx: AppContext): AppModule {
  const repo = new ChatRepository(ctx.database.db);
  const conversations = new ConversationsService(repo, ctx.realtime);
  const messages = new MessagesService(repo, conversations, ctx.storage, ctx.clock, ctx.realtime, new RateLimiter(ctx.database.db, ctx.config.rateLimitScale));
  const pushes = new ChatPushService(repo, new PushSubscriptions(ctx.database.db, ctx.push, ctx.log), ctx.realtime.presence, ctx.preferences);
  ctx.jobs.register(CHAT_PUSH_JOB, (job) => pushes.newMessage(job.payload.messageId));
  registerChatRealtime(ctx.realtime, repo);
  // A reassigned booking's conversation goes to its new professional, in the reassignment's transaction;
  // at its commit the previous professional's sockets leave the conversation's room on every instance.
  ctx.events.on('booking.reassigned', async ({ tx, bookingId, professionalId }) => {
    const moved = await repo.with(tx).moveToProfessional(bookingId, professionalId);
    if (moved && moved.previousUserId) await repo.with(tx).notify(ctx.realtime.revokeNotification(conversationRoom(moved.id), moved.previousUserId));
  });
  const options = { conversations, messages, repo, push: ctx.push };
  const plugin = modulePlugin('chat', async (app) => {
    // Its own scope: the multipart parser and its limits apply to these routes only.
    await app.register(async (scope) => {
      await scope.register(multipart, oneFileUpload(CHAT_RULES.maxFileBytes, 2));
      await scope.register(chatRoutes, options);
    });
    await app.register(pushRoutes, options);
  });
  return { plugin };
}
