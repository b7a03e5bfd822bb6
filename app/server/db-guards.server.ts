// Two guards between the app and its database, so that a database quirk never becomes a 500:
// an outage becomes DatabaseUnavailableError (answered 503), and a NUL character never reaches Postgres.
import {
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from "kysely";
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { DATABASE_UNAVAILABLE_MESSAGE } from "~/lib/error-messages";
import { forgetKeptReads } from "./content-memo.server";
import { addPublicTables } from "./query-tables.server";
import { currentRequestScope, runDetachedFromOutage } from "./request-scope.server";
import { logger } from "./logger.server";

/**
 * The database could not be reached (stopped, restarting, unreachable, out of connections). A React
 * Router error response, so a loader or action that lets it through renders the error boundary as a 503
 * with its own words, on the server and in the browser alike (React Router replaces any Error with a
 * generic "Unexpected Server Error" in production).
 */
export class DatabaseUnavailableError extends ErrorResponseImpl {
  readonly name = "DatabaseUnavailableError";
  constructor(readonly cause: unknown) {
    super(503, "Service Unavailable", DATABASE_UNAVAILABLE_MESSAGE);
  }
}

// Node socket errors, and Postgres SQLSTATEs of class 08 (connection exception), 57P01–57P03 (admin or
// crash shutdown, cannot connect now) and 53300 (too many connections).
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);
// pg reports some lost connections only in words.
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /not queryable/i,
  /query read timeout/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /Connection terminated unexpectedly/i,
];

/** Whether an error means "the database cannot be reached" rather than "this query is wrong". */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof DatabaseUnavailableError) return true;
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    // AggregateError (a host with several addresses, none answering).
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some(isDatabaseUnavailable)) return true;
    current = cause;
  }
  return false;
}

let lastOutageLog = 0;
// When a query last came back from the database (0: never, or an outage was met since).
let lastAnsweredAt = 0;

/**
 * Whether some query got an answer from the database within the last `ms` milliseconds with no outage
 * met since: the readiness check takes the app's own traffic as proof instead of queueing a probe behind it.
 */
export function databaseAnsweredWithin(ms: number, now = Date.now()): boolean {
  return lastAnsweredAt > 0 && now - lastAnsweredAt < ms;
}

/** An outage becomes DatabaseUnavailableError, and the request being handled is marked for a 503. */
function classified(error: unknown): unknown {
  if (!isDatabaseUnavailable(error)) return error;
  lastAnsweredAt = 0;
  const scope = currentRequestScope();
  if (scope) scope.databaseUnavailable = true;
  // Once every 10 s at most: an outage fails every request, and one line says it.
  if (Date.now() - lastOutageLog > 10_000) {
    lastOutageLog = Date.now();
    logger.error(
      { reason: error instanceof Error ? error.message : String(error) },
      "Database unavailable (answering 503)",
    );
  }
  return error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error);
}

const guarded = Symbol("availability-guarded");

const WRITING_QUERIES = new Set(["InsertQueryNode", "UpdateQueryNode", "DeleteQueryNode", "MergeQueryNode"]);

/** The public tables a statement may write (undefined: none): raw SQL other than a select counts as a write. */
function publicTablesWritten(node: RootOperationNode): Set<string> | undefined {
  const writes =
    WRITING_QUERIES.has(node.kind) ||
    (node.kind === "RawNode" &&
      !/^\s*select\b/i.test((node as { sqlFragments: readonly string[] }).sqlFragments[0] ?? ""));
  if (!writes) return undefined;
  const tables = new Set<string>();
  addPublicTables(node, tables);
  return tables.size ? tables : undefined;
}

/**
 * The driver every query goes through: an outage becomes DatabaseUnavailableError, each query is counted
 * for its request, and a write to public tables drops the reads kept from them (content-memo.server.ts) as
 * it commits, so this process reads its own writes at once, before the database's notification arrives.
 */
class AvailabilityDriver implements Driver {
  /** The public tables each open transaction has written, by its connection. */
  private readonly transactions = new WeakMap<DatabaseConnection, Set<string>>();

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init().catch((error) => Promise.reject(classified(error)));
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    let connection: DatabaseConnection & { [guarded]?: true };
    try {
      connection = await this.inner.acquireConnection();
    } catch (error) {
      throw classified(error);
    }
    // The inner driver reuses connection objects: wrap each one once. Transactions run through it too.
    if (!connection[guarded]) {
      const executeQuery = connection.executeQuery.bind(connection);
      connection.executeQuery = <R>(query: Parameters<typeof executeQuery>[0]): Promise<QueryResult<R>> => {
        // Counted for the request that sent it (a shared scope: its detached copies count there too).
        const scope = currentRequestScope();
        const counted = scope?.database;
        const started = counted ? performance.now() : 0;
        if (scope) addPublicTables(query.query, scope.tablesRead);
        const written = publicTablesWritten(query.query);
        const transaction = written && this.transactions.get(connection);
        if (transaction) for (const table of written) transaction.add(table);
        return executeQuery<R>(query).then(
          (result) => {
            lastAnsweredAt = Date.now();
            if (written && !transaction) forgetKeptReads(written);
            if (counted) {
              counted.queries++;
              counted.milliseconds += performance.now() - started;
            }
            return result;
          },
          (error: unknown) => Promise.reject(classified(error)),
        );
      };
      connection[guarded] = true;
    }
    return connection;
  }

  beginTransaction(...args: Parameters<Driver["beginTransaction"]>) {
    this.transactions.set(args[0], new Set());
    return this.inner.beginTransaction(...args);
  }
  async commitTransaction(connection: DatabaseConnection) {
    const written = this.transactions.get(connection);
    this.transactions.delete(connection);
    await this.inner.commitTransaction(connection);
    if (written?.size) forgetKeptReads(written);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    this.transactions.delete(connection);
    return this.inner.rollbackTransaction(connection);
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(connection);
  }
  destroy() {
    return this.inner.destroy();
  }
}

/** The dialect with its driver's connection failures turned into DatabaseUnavailableError. */
export function withAvailabilityErrors(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new AvailabilityDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

const NUL = /\u0000/g;

function withoutNul(value: unknown): unknown {
  if (typeof value === "string") return value.includes("\u0000") ? value.replace(NUL, "\uFFFD") : value;
  if (Array.isArray(value)) return value.map(withoutNul);
  return value;
}

class NulReplacingTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const value = withoutNul(node.value);
    return value === node.value ? node : { ...node, value };
  }
  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return { ...node, values: node.values.map(withoutNul) };
  }
}

/**
 * Postgres text cannot hold NUL, and a parameter containing one fails the whole query. Forms refuse
 * control characters before they get here (form-body.server.ts); for everything else — a search, a slug
 * or an id from the address — a NUL becomes U+FFFD, which nothing stored contains: no match, not a 500.
 */
export class NulSafeParametersPlugin implements KyselyPlugin {
  readonly #transformer = new NulReplacingTransformer();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/**
 * Reads something a page can do without while the database is away (the business's facts, which a process
 * remembers from its last read): on an outage it answers `fallback()` instead, and the request is not
 * marked unavailable on its account — its answer is complete. Any other failure is thrown as usual.
 */
export async function unlessDatabaseUnavailable<T>(read: () => Promise<T>, fallback: () => T): Promise<T> {
  try {
    return await runDetachedFromOutage(read);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    const scope = currentRequestScope();
    if (scope) scope.degraded = true;
    return fallback();
  }
}
