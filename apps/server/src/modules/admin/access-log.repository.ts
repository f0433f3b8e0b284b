/**
 * The sensitive-access log (SPEC log_sensitive_access): who (actor), what (action, fields), which
 * record, when, and from where (address, user agent). Written in the transaction of the access it
 * records when there is one; read by super_admin only.
 */
import type { SensitiveAccessAction } from '@khedma/shared';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, sensitiveAccessLog, users } from '../../db/schema/index';

export interface AccessOrigin {
  ip: string | null;
  userAgent: string | null;
}

export interface AccessEntry {
  actorId: string;
  action: SensitiveAccessAction;
  tableName: string;
  recordId: string;
  fields?: string[];
  origin: AccessOrigin;
}

export class AccessLogRepository {
  constructor(private readonly db: Db) {}

  with(tx: Db): AccessLogRepository {
    return new AccessLogRepository(tx);
  }

  async record(e: AccessEntry): Promise<void> {
    await this.db.insert(sensitiveAccessLog).values({
      actorId: e.actorId,
      action: e.action,
      tableName: e.tableName,
      recordId: e.recordId,
      accessedFields: e.fields ?? [],
      ipAddress: e.origin.ip,
      userAgent: e.origin.userAgent?.slice(0, 300) ?? null,
    });
  }

  async page(page: number, pageSize: number) {
    const items = await this.db
      .select({
        id: sensitiveAccessLog.id,
        actorId: sensitiveAccessLog.actorId,
        actorName: sql<string>`coalesce(${profiles.fullName}, ${users.name})`,
        action: sensitiveAccessLog.action,
        tableName: sensitiveAccessLog.tableName,
        recordId: sensitiveAccessLog.recordId,
        fields: sensitiveAccessLog.accessedFields,
        ipAddress: sensitiveAccessLog.ipAddress,
        userAgent: sensitiveAccessLog.userAgent,
        createdAt: sensitiveAccessLog.createdAt,
      })
      .from(sensitiveAccessLog)
      .innerJoin(users, eq(users.id, sensitiveAccessLog.actorId))
      .leftJoin(profiles, eq(profiles.id, sensitiveAccessLog.actorId))
      .orderBy(desc(sensitiveAccessLog.createdAt), desc(sensitiveAccessLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [row] = await this.db.select({ n: count() }).from(sensitiveAccessLog);
    return { items, total: Number(row?.n ?? 0) };
  }
}
