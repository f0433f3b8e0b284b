import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { createEmailSender, type EmailSender } from './platform/email';
import { OutboxRepository } from './platform/outbox';
import { createPushSender, type PushSender } from './platform/push';
import { createSmsSender, type SmsSender } from './platform/sms';

/** What modules are given: configuration, the database and the platform adapters. */
export interface AppContext {
  config: Config;
  database: Database;
  email: EmailSender;
  sms: SmsSender;
  push: PushSender;
  outbox?: OutboxRepository;
}

export interface ContextOverrides {
  email?: EmailSender;
  sms?: SmsSender;
  push?: PushSender;
}

export function createContext(config: Config, database: Database, log: FastifyBaseLogger, o: ContextOverrides = {}): AppContext {
  const outbox = config.isProduction ? undefined : new OutboxRepository(database.db);
  return {
    config,
    database,
    outbox,
    email: o.email ?? createEmailSender({ smtpUrl: config.smtpUrl, from: config.mailFrom, outbox, log }),
    sms: o.sms ?? createSmsSender({ outbox, twilio: config.twilio, log }),
    push: o.push ?? createPushSender({ outbox, vapid: config.vapid, log }),
  };
}
