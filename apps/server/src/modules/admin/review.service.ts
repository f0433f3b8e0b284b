/**
 * Application review (docs/admin.md): pending applications with every sensitive value masked by the
 * server; a reveal is its own request, checked (contact data: reviewers; bank account and tax id:
 * finance access) and logged; documents open through short-lived signed URLs issued per view, each
 * logged; approve (one transaction: the application approved, the professional record with a row per
 * service applied for, the account a professional; then the welcome email) and reject (with a reason,
 * emailed). Listing, approving and rejecting are logged too.
 */
import {
  ADMIN_MESSAGES,
  APPLICATION_DOCUMENT_KINDS,
  AVAILABILITY_SLOTS,
  availabilityFromFlags,
  can,
  FINANCIAL_FIELDS,
  maskEmail,
  maskIban,
  maskPhone,
  maskTaxId,
  weekdayToIso,
  WEEKDAYS,
  type AdminApplication,
  type AdminApplicationListResponse,
  type ApplicationDocumentKind,
  type ApproveApplicationResponse,
  type AvailabilityFlags,
  type AvailabilitySlot,
  type RevealableField,
  type SessionUser,
  type WeeklyAvailability,
} from '@khedma/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, conflict, forbidden, notFound } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/email';
import type { Storage } from '../../platform/storage';
import type { RecipientsRepository } from '../auth';
import type { AccessLogRepository, AccessOrigin } from './access-log.repository';
import { rejectionEmail, welcomeEmail } from './admin.emails';
import type { NewProfessional, ProfessionalEnrolment } from '../pros';
import type { ApplicationRecord, ReviewRepository } from './review.repository';

const TABLE = 'professional_applications';
/** A document's signed URL lives this long: enough to open it, too short to share it. */
export const DOCUMENT_URL_TTL_SECONDS = 120;
const APPLICATION_NOT_FOUND = 'Application not found';

const DOCUMENT_COLUMNS: Record<ApplicationDocumentKind, keyof ApplicationRecord> = {
  profilePhoto: 'profilePhotoUrl',
  idFront: 'nationalIdUrl',
  idBack: 'idVerificationUrl',
  addressProof: 'addressProofUrl',
};

const FIELD_COLUMNS: Record<RevealableField, 'phoneNumber' | 'email' | 'bankAccountIban' | 'taxId'> = {
  phone: 'phoneNumber',
  email: 'email',
  iban: 'bankAccountIban',
  taxId: 'taxId',
};

export interface ReviewDeps {
  db: Db;
  repo: ReviewRepository;
  /** The professionals' module's writer of a new professional. */
  enrolment: ProfessionalEnrolment;
  log: AccessLogRepository;
  storage: Storage;
  mailer: Mailer;
  recipients: RecipientsRepository;
  clock: Clock;
  publicUrl: string;
  logger: FastifyBaseLogger;
}

/** Who may open the review page: reviewers (decide) and finance admins (bank data). */
export const canOpenReview = (user: SessionUser) => can(user, 'application:review') || can(user, 'finance:read');

export class ReviewService {
  constructor(private readonly d: ReviewDeps) {}

  private requireOpen(user: SessionUser) {
    if (!canOpenReview(user)) throw forbidden(ADMIN_MESSAGES.accessDenied);
  }

  private requireReview(user: SessionUser) {
    if (!can(user, 'application:review')) throw forbidden(ADMIN_MESSAGES.accessDenied);
  }

  async list(user: SessionUser, origin: AccessOrigin): Promise<AdminApplicationListResponse> {
    this.requireOpen(user);
    const finance = can(user, 'finance:read');
    const rows = await this.d.repo.pending();
    const serviceIds = [...new Set(rows.flatMap((r) => [...r.app.serviceCatalogIds, ...(r.app.serviceId ? [r.app.serviceId] : [])]))];
    const services = new Map((await this.d.repo.services(serviceIds)).map((s) => [s.id, s]));
    const applications: AdminApplication[] = rows.map(({ app, cityName, cityNameFr, cityNameAr }) => ({
      id: app.id,
      submittedAt: app.submittedAt.toISOString(),
      fullName: app.fullName,
      email: maskEmail(app.email) ?? '',
      phone: maskPhone(app.phoneNumber),
      city: cityName ? { en: cityName, fr: cityNameFr ?? cityName, ar: cityNameAr ?? cityName } : null,
      services: servicesOf(app)
        .map((id) => services.get(id))
        .filter((s) => s !== undefined)
        .map((s) => ({ id: s.id, name: { en: s.name, fr: s.nameFr ?? s.name, ar: s.nameAr ?? s.name } })),
      experienceYears: app.experienceYears,
      hourlyRate: app.hourlyRate,
      description: app.expertiseDescription,
      financial: finance
        ? { bankName: app.bankName, accountHolder: app.accountHolder, iban: maskIban(app.bankAccountIban), taxId: maskTaxId(app.taxId) }
        : null,
      documents: APPLICATION_DOCUMENT_KINDS.filter((k) => Boolean(app[DOCUMENT_COLUMNS[k]])),
    }));
    await this.d.log.record({ actorId: user.id, action: 'view_applications', tableName: TABLE, recordId: '*', fields: applications.map((a) => a.id), origin });
    return { applications, access: { superAdmin: user.adminRoles.includes('super_admin') || user.adminRoles.length === 0, finance } };
  }

  /** One sensitive value in full, for a caller with the right; the reveal is logged before it is answered. */
  async reveal(user: SessionUser, id: string, field: RevealableField, origin: AccessOrigin): Promise<string | null> {
    const financial = FINANCIAL_FIELDS.includes(field);
    if (financial ? !can(user, 'finance:read') : !can(user, 'application:review')) throw forbidden(ADMIN_MESSAGES.accessDenied);
    const app = await this.d.repo.find(id);
    if (!app) throw notFound(APPLICATION_NOT_FOUND);
    await this.d.log.record({ actorId: user.id, action: 'view_sensitive', tableName: TABLE, recordId: id, fields: [FIELD_COLUMNS[field]], origin });
    return app[FIELD_COLUMNS[field]] ?? null;
  }

  /** A short-lived signed URL of one document, issued for this view and logged. */
  async document(user: SessionUser, id: string, kind: ApplicationDocumentKind, origin: AccessOrigin) {
    this.requireOpen(user);
    const app = await this.d.repo.find(id);
    if (!app) throw notFound(APPLICATION_NOT_FOUND);
    const key = app[DOCUMENT_COLUMNS[kind]];
    if (typeof key !== 'string' || !key) throw notFound('Document not found');
    // Stored documents are private keys; a legacy absolute link is never handed out (it would not expire).
    if (/^[a-z]+:/i.test(key)) throw notFound('Document not found');
    // A key whose file is missing (never uploaded, or demo data without files) is "not found", not a dead link.
    if (!(await this.d.storage.head(key).catch(() => null))) throw notFound('Document not found');
    await this.d.log.record({ actorId: user.id, action: 'view_document', tableName: TABLE, recordId: id, fields: [kind], origin });
    const url = await this.d.storage.signedUrl(key, DOCUMENT_URL_TTL_SECONDS);
    return { url, expiresAt: new Date(this.d.clock.now().getTime() + DOCUMENT_URL_TTL_SECONDS * 1000).toISOString() };
  }

  /**
   * Approves in one transaction: the application approved, the professional record (one per user,
   * updated if there is one) with a row per service applied for, its hours and areas, the account a
   * professional (the applicant signs in as one at once), the decision logged. If any of it fails
   * nothing changes and the answer is SPEC §8's message. The welcome email is written with it, sent once it committed.
   */
  async approve(user: SessionUser, id: string, origin: AccessOrigin): Promise<ApproveApplicationResponse> {
    this.requireReview(user);
    const now = this.d.clock.now();
    let approved: { app: ApplicationRecord; professionalId: string; email: string | null };
    try {
      approved = await this.d.db.transaction(async (tx) => {
        const repo = this.d.repo.with(tx);
        const app = await repo.lock(id);
        if (!app) throw notFound(APPLICATION_NOT_FOUND);
        if (app.status !== 'pending') throw conflict(ADMIN_MESSAGES.notPending, 'INVALID_TRANSITION');
        await repo.decide(id, { status: 'approved', reviewedBy: user.id, reviewedAt: now, rejectionReason: null });
        const professionalId = await this.d.enrolment.with(tx).enrol(professionalOf(app, now));
        await this.d.log.with(tx).record({ actorId: user.id, action: 'approve_application', tableName: TABLE, recordId: id, origin });
        const email = await this.writeEmail(tx, app.userId, (r) => welcomeEmail(r.locale, app.fullName, this.d.publicUrl));
        return { app, professionalId, email };
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      this.d.logger.error({ err, applicationId: id }, 'approving an application failed');
      throw new AppError('CONFLICT', ADMIN_MESSAGES.professionalCreateFailed);
    }
    await this.d.mailer.run(approved.email);
    return { status: 'approved', name: approved.app.fullName, professionalId: approved.professionalId, emailSent: approved.email !== null };
  }

  async reject(user: SessionUser, id: string, reason: string, origin: AccessOrigin) {
    this.requireReview(user);
    const now = this.d.clock.now();
    const email = await this.d.db.transaction(async (tx) => {
      const repo = this.d.repo.with(tx);
      const a = await repo.lock(id);
      if (!a) throw notFound(APPLICATION_NOT_FOUND);
      if (a.status !== 'pending') throw conflict(ADMIN_MESSAGES.notPending, 'INVALID_TRANSITION');
      await repo.decide(id, { status: 'rejected', reviewedBy: user.id, reviewedAt: now, rejectionReason: reason });
      await this.d.log.with(tx).record({ actorId: user.id, action: 'reject_application', tableName: TABLE, recordId: id, origin });
      return this.writeEmail(tx, a.userId, (r) => rejectionEmail(r.locale, a.fullName, reason, this.d.publicUrl));
    });
    await this.d.mailer.run(email);
    return { status: 'rejected' as const, emailSent: email !== null };
  }

  /**
   * The decision's email to the applicant, a durable job written in the decision's transaction (sent
   * once it committed: `mailer.run`). Null when the applicant has no account to write to.
   */
  private async writeEmail(tx: Db, userId: string, render: (r: { locale: 'en' | 'fr' | 'ar' }) => { subject: string; text: string; html: string }): Promise<string | null> {
    const [r] = await this.d.recipients.with(tx).recipients([userId]);
    return r ? this.d.mailer.write(tx, { to: r.email, ...render(r) }) : null;
  }

  async pendingCount(user: SessionUser) {
    if (!can(user, 'admin:access')) throw forbidden(ADMIN_MESSAGES.accessDenied);
    return this.d.repo.pendingCount();
  }

  async contactMessages(user: SessionUser, page: number, pageSize: number) {
    if (!can(user, 'contact:read')) throw forbidden(ADMIN_MESSAGES.accessDenied);
    const { items, total } = await this.d.repo.contactMessages(page, pageSize);
    return {
      items: items.map((m) => ({ id: m.id, name: m.name, email: maskEmail(m.email) ?? '', message: m.message, createdAt: m.createdAt.toISOString() })),
      total,
      page,
      pageSize,
    };
  }

  async accessLog(user: SessionUser, page: number, pageSize: number) {
    if (!can(user, 'audit:read')) throw forbidden(ADMIN_MESSAGES.accessDenied);
    const { items, total } = await this.d.log.page(page, pageSize);
    return {
      items: items.map((e) => ({
        id: e.id,
        actor: { id: e.actorId, name: e.actorName },
        action: e.action,
        tableName: e.tableName,
        recordId: e.recordId,
        fields: e.fields,
        ipAddress: e.ipAddress,
        userAgent: e.userAgent,
        createdAt: e.createdAt.toISOString(),
      })),
      total,
      page,
      pageSize,
    };
  }
}

/** The services applied for: the catalogue ids, the main one first, each once. */
function servicesOf(app: ApplicationRecord): string[] {
  return [...new Set([...(app.serviceId ? [app.serviceId] : []), ...app.serviceCatalogIds])];
}

/** The hours applied for, as professional_availability rows (the wizard stores flags per day). */
function hoursOf(stored: unknown): NewProfessional['hours'] {
  const raw = (stored ?? {}) as Record<string, unknown>;
  const week: WeeklyAvailability = Object.values(raw).some((v) => Array.isArray(v))
    ? (raw as WeeklyAvailability)
    : availabilityFromFlags(raw as AvailabilityFlags);
  const slots = new Set<string>(AVAILABILITY_SLOTS);
  return WEEKDAYS.flatMap((day) =>
    (week[day] ?? []).filter((s): s is AvailabilitySlot => slots.has(s)).map((slot) => ({ weekday: weekdayToIso(day), slot })),
  );
}

function professionalOf(app: ApplicationRecord, now: Date): NewProfessional {
  if (!app.cityId) throw new Error('application without a city');
  const services = servicesOf(app);
  if (services.length === 0) throw new Error('application without a service');
  return {
    userId: app.userId,
    name: app.fullName.trim().split(/\s+/)[0] ?? app.fullName,
    fullName: app.fullName,
    cityId: app.cityId,
    about: app.expertiseDescription,
    hourlyRate: app.hourlyRate ?? 150,
    serviceTypeIds: services,
    boroughIds: app.coverageBoroughs,
    hours: hoursOf(app.availability),
    approvedAt: now,
  };
}
