/**
 * The statements (round trips to the database) an operation sends, on both engines: the driver's query
 * functions under Drizzle are wrapped for the time of the operation (PGlite's query, exec and
 * transaction; the clients node-postgres's pool hands out, BEGIN and COMMIT included), and
 * only statements sent from the operation's own async context are kept, not those of timers running
 * meanwhile (heartbeats, sweeps). For tests of how many round trips a route costs: a count, not a timing.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '../db/client';

type QueryFn = (...args: unknown[]) => unknown;
type Target = Record<string, QueryFn>;

function textOf(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  if (arg && typeof arg === 'object' && 'text' in arg) return String((arg as { text: unknown }).text);
  return String(arg);
}

/** Runs `fn` and returns its result with the SQL of every statement it sent, in order. */
export async function withStatements<T>(database: Database, fn: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const context = new AsyncLocalStorage<true>();
  const mine = () => context.getStore() === true;
  const undo: Array<() => void> = [];
  const wrapQuery = (target: Target, name: string) => {
    const original = target[name]!;
    target[name] = function (this: unknown, ...args: unknown[]) {
      if (mine()) statements.push(textOf(args[0]));
      return original.apply(this, args);
    };
    undo.push(() => {
      target[name] = original;
    });
  };
  if (database.pglite) {
    const client = database.pglite as unknown as Target;
    wrapQuery(client, 'query');
    wrapQuery(client, 'exec');
    // Drizzle's named statements run as PGlite named statements (db/pglite-prepared.ts): one each.
    const named = database.pgliteStatements as unknown as Target | undefined;
    if (named) {
      const query = named.query!;
      named.query = function (this: unknown, ...args: unknown[]) {
        if (mine()) statements.push(textOf(args[1]));
        return query.apply(this, args);
      };
      undo.push(() => {
        named.query = query;
      });
    }
    // A transaction: BEGIN, its statements (through the transaction's own query), COMMIT.
    const transaction = client.transaction!;
    client.transaction = function (this: unknown, fn: unknown) {
      if (!mine()) return transaction.call(this, fn);
      statements.push('BEGIN');
      return transaction.call(this, async (tx: Target) => {
        wrapQuery(tx, 'query');
        const out = await (fn as (t: unknown) => Promise<unknown>)(tx);
        statements.push('COMMIT');
        return out;
      });
    };
    undo.push(() => {
      client.transaction = transaction;
    });
  } else {
    const pool = (database.db as unknown as { $client: Target }).$client;
    // Every statement runs on a client the pool hands out (its own `query` too checks one out): counted
    // there, BEGIN and COMMIT of Drizzle's transactions included.
    const connect = pool.connect!;
    pool.connect = function (this: unknown, ...args: unknown[]) {
      const given = connect.apply(this, args) as Promise<Target> | undefined;
      if (!given || !mine()) return given;
      return given.then((c) => {
        const query = c.query!;
        c.query = function (this: unknown, ...a: unknown[]) {
          if (mine()) statements.push(textOf(a[0]));
          return query.apply(this, a);
        };
        // Handed back as it was.
        const release = c.release!;
        c.release = function (this: unknown, ...a: unknown[]) {
          c.query = query;
          c.release = release;
          return release.apply(this, a);
        };
        return c;
      });
    };
    undo.push(() => {
      pool.connect = connect;
    });
  }
  try {
    const result = await context.run(true, fn);
    return { result, statements };
  } finally {
    for (const u of undo.reverse()) u();
  }
}

/**
 * PGlite: runs `fn` and returns the names of the named statements (db/pglite-prepared.ts) run meanwhile, in
 * order, from any async context (the job runner's after an answer included).
 */
export async function withNamedStatements<T>(database: Database, fn: () => Promise<T>): Promise<{ result: T; names: string[] }> {
  const named = database.pgliteStatements;
  if (!named) throw new Error('withNamedStatements: PGlite only');
  const names: string[] = [];
  const query = named.query;
  named.query = function (this: unknown, ...args: Parameters<typeof query>) {
    names.push(args[0]);
    return query.apply(this, args) as never;
  } as typeof query;
  try {
    return { result: await fn(), names };
  } finally {
    named.query = query;
  }
}
