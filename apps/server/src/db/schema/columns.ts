import { sql, type SQL } from 'drizzle-orm';
import { customType, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Case-insensitive text (citext extension, created by the first migration). */
export const citext = customType<{ data: string }>({
  dataType() {
    return 'citext';
  },
});

/** timestamptz read as a JS Date. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** created_at / updated_at, not null, default now(). */
export const createdAt = () => tstz('created_at').notNull().defaultNow();
export const updatedAt = () => tstz('updated_at').notNull().defaultNow();

/**
 * `column IN ('a', 'b')` for a CHECK constraint, from one of the shared constant lists.
 * Values are inlined (they are our own constants) so drizzle-kit writes them into the migration.
 */
export function inList(column: AnyPgColumn, values: readonly string[]): SQL {
  for (const v of values) if (!/^[A-Za-z0-9_]+$/.test(v)) throw new Error(`Unsafe enum value: ${v}`);
  return sql`${column} IN (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;
}
