/**
 * AppContext: every adapter of the platform, built once per app and handed to every module
 * (`<capability>.module.ts` receives `{ ctx }`). Modules never build an adapter themselves; tests
 * replace one by passing it to buildApp (`ContextOverrides`). docs/adding-a-capability.md.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { Clock } from './platform/clock';
import { createEmailSender, Mailer, type ChannelPreferences, type EmailSender } from './platform/email';
import { EventBus } from './platform/events';
import { JobRunner } from './platform/jobs';
import type { OutboxSink } from './platform/outbox-sink';
import { InstanceLease } from './platform/instance';
import { createPaymentProvider } from './platform/cmi';
import type { PaymentProvider } from './platform/payments';
import { createPushSender, type PushSender } from './platform/push';
import { RealtimeHub } from './platform/realtime';
import { createSmsSender, type SmsSender } from './platform/sms';
import { CloudApiWhatsAppSender, type WhatsAppSender } from './platform/whatsapp';
import { WhatsAppSimulator } from './platform/whatsapp-simulator';
import { createStorage } from './platform/create-storage';
import type { Storage } from './platform/storage';

/** What modules are given: configuration, the database and the platform adapters. */
export interface AppContext {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  /** The time business rules read (tests freeze it with `ctx.clock.set`). */
  clock: Clock;
  email: EmailSender;
  /** Every email, one way: a durable job (outbox copy outside production, SMTP) with retries (docs/notifications.md#email). */
  mailer: Mailer;
  sms: SmsSender;
  /** WhatsApp templates through Meta's Cloud API, or our simulator of it (platform/whatsapp.ts). */
  whatsapp: WhatsAppSender;
  /** The WhatsApp simulator the sender talks to in-process, where no real Cloud API is configured. */
  whatsappSimulator?: WhatsAppSimulator;
  storage: Storage;
  /** The payment provider: CMI, or the CMI simulator outside production (platform/payments.ts). */
  payments: PaymentProvider;
  /** Web push (VAPID); the outbox outside production (platform/push.ts). */
  push: PushSender;
  /** This instance's lease: claims name it so a dead process's claims are known (platform/instance.ts). */
  instance: InstanceLease;
  /** The durable job queue: modules register their `*.jobs.ts` handlers; main.ts starts the loop. */
  jobs: JobRunner;
  /** Live events to connected clients (rooms per user), fanned out through LISTEN/NOTIFY. */
  realtime: RealtimeHub;
  /** In-process typed events between modules (platform/events.ts). */
  events: EventBus;
  /** Outside production: every email, SMS, push and WhatsApp message is also stored here (the dev module's store, GET /api/dev/outbox). */
  outbox?: OutboxSink;
  /** Per-channel notification choices (the profile module's store), read by every notification job when it runs. */
  preferences: ChannelPreferences;
}

/**
 * The stores the adapters write through, owned by the modules of their tables (profile: notification
 * preferences; dev: the outbox) and built by app.ts: platform/ and this file never import a module.
 */
export interface ContextStores {
  preferences: ChannelPreferences;
  /** Outside production only. */
  outbox?: OutboxSink;
}

/** The adapters a test may replace. */
export interface ContextOverrides {
  email?: EmailSender;
  sms?: SmsSender;
  whatsapp?: WhatsAppSender;
  storage?: Storage;
  payments?: PaymentProvider;
  push?: PushSender;
  clock?: Clock;
}

export function createContext(config: Config, database: Database, log: FastifyBaseLogger, { preferences, outbox }: ContextStores, o: ContextOverrides = {}): AppContext {
  const clock = o.clock ?? new Clock();
  const jobs = new JobRunner(database.db, log, clock);
  const email = o.email ?? createEmailSender({ smtpUrl: config.smtpUrl, from: config.mailFrom, outbox, log });
  const whatsappSimulator = config.whatsapp.simulator ? new WhatsAppSimulator(config.whatsapp) : undefined;
  return {
    config,
    database,
    log,
    clock,
    outbox,
    email,
    preferences,
    mailer: new Mailer(email, jobs, preferences, log),
    sms: o.sms ?? createSmsSender({ outbox, twilio: config.twilio, log }),
    whatsappSimulator,
    whatsapp: o.whatsapp ?? new CloudApiWhatsAppSender(config.whatsapp, log, outbox, whatsappSimulator?.fetch),
    storage: o.storage ?? createStorage(config),
    payments: o.payments ?? createPaymentProvider(config),
    instance: new InstanceLease(database.db, log),
    push: o.push ?? createPushSender({ outbox, vapid: config.vapid, log }),
    jobs,
    realtime: new RealtimeHub(database, log),
    events: new EventBus(),
  };
}
