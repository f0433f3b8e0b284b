/**
 * Named prepared statements on PGlite (issue 40). Drizzle's PGlite driver ignores a statement's name:
 * every `.prepare(name)` statement was sent as an unnamed one, so PGlite parsed and planned it again on
 * each execution (on PostgreSQL the name makes it parsed once per connection and its plan cached), in
 * WebAssembly, on the server's one JavaScript thread, in six calls into PGlite (parse, describe,
 * bind, describe, execute, sync). Here a named statement is parsed once (PGlite is one session: once
 * per process) and each execution is one call: bind, describe, execute and sync, with PGlite's own
 * serializers, parsers and locks (those of `PGlite.query`), so what a statement answers is unchanged.
 * Inside a transaction (`db.transaction`) statements keep the driver's own path.
 */
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

interface Prepared {
  name: string;
  text: string;
  paramTypes: number[];
}

/** What PGlite's own `query` uses and its typings leave out (see its base.ts `#runQuery`). */
interface PgliteInternals {
  serializers: Record<number, (value: unknown) => string>;
  parsers: Record<number, (value: string, typeId?: number) => unknown>;
  _checkReady(): Promise<void>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export class PglitePreparedStatements {
  /** By Drizzle's name: its protocol name, text and parameter types. */
  private readonly statements = new Map<string, Prepared>();

  constructor(private readonly client: PGlite) {}

  private get internals(): PgliteInternals {
    return this.client as unknown as PgliteInternals;
  }

  /** How many statements are prepared (tests). */
  get size(): number {
    return this.statements.size;
  }

  /** Runs `text` as the named statement `name` (prepared at its first use), as `PGlite.query` would answer it. */
  async query<T>(name: string, text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const pg = this.internals;
    await pg._checkReady();
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        try {
          const statement = await this.prepared(name, text);
          const values = params.map((param, i) => {
            if (param === null || param === undefined) return null;
            const oid = statement.paramTypes[i]!;
            const serializer = options?.serializers?.[oid] ?? pg.serializers[oid];
            return serializer ? serializer(param) : String(param);
          });
          const { messages } = await this.client.execProtocol(
            concat([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
          );
          return parse.parseResults(messages, pg.parsers, options)[0] as Results<T>;
        } catch (e) {
          // As PGlite.query reports a database error: with the statement and its values.
          if (e && typeof e === 'object' && 'severity' in e) Object.assign(e, { query: text, params, queryOptions: options });
          throw e;
        }
      }),
    );
  }

  private async prepared(name: string, text: string): Promise<Prepared> {
    const known = this.statements.get(name);
    if (known) {
      // node-postgres refuses one name for two texts; here the second text simply gets its own statement.
      if (known.text === text) return known;
      return this.prepared(`${name}#${text.length}`, text);
    }
    const statement = `k${this.statements.size}_${name}`.slice(0, 63);
    const { messages } = await this.client.execProtocol(
      concat([serialize.parse({ name: statement, text }), serialize.describe({ type: 'S', name: statement }), serialize.sync()]),
      { syncToFs: false },
    );
    const prepared = { name: statement, text, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.statements.set(name, prepared);
    return prepared;
  }
}

interface DrizzleSession {
  client: unknown;
  prepareQuery(query: unknown, fields: unknown, name: string | undefined, ...rest: unknown[]): { client: unknown };
}

/**
 * Makes the named statements of `db` (Drizzle over `client`, outside transactions) run through
 * `statements`: each statement object Drizzle builds for a name gets a client whose `query` runs it
 * as that named statement. Unnamed statements and transactions are left as they were.
 */
export function useNamedStatements(db: object, client: PGlite, statements: PglitePreparedStatements): void {
  const session = (db as unknown as { session: DrizzleSession }).session;
  const prepareQuery = session.prepareQuery.bind(session);
  session.prepareQuery = (query, fields, name, ...rest) => {
    const prepared = prepareQuery(query, fields, name, ...rest);
    if (name && prepared.client === client) {
      prepared.client = {
        query: (text: string, params: unknown[], options?: QueryOptions) => statements.query(name, text, params ?? [], options),
      };
    }
    return prepared;
  };
}
