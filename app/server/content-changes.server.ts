// Who hears that public content changed: the database sends a notification when a write to a table that
// public pages show commits (supabase/migrations/20261128090000_public_content_notify.sql), and the page
// cache listens here. On the embedded database the notification arrives in process; on Postgres through a
// connection of its own that also hears the other instances' writes (see listenForContentChanges).
import pg from "pg";
import { logger } from "./logger.server";

export const PUBLIC_CONTENT_CHANNEL = "public_content_changed";

export type ContentChangeEvent =
  /** A write to `table` committed (by this instance, another one, or anyone with SQL access). */
  | { kind: "changed"; table: string }
  /**
   * Whether every change is heard. While not (the listening connection is down), nothing may be cached:
   * a change made meanwhile by another instance would never reach this one.
   */
  | { kind: "watching"; watching: boolean };

type Listener = (event: ContentChangeEvent) => void;

const globalForChanges = globalThis as unknown as {
  __contentChangeListeners?: Set<Listener>;
  __contentWatching?: boolean;
  __contentHeard?: Set<string>;
};
// Shared with the production build's copy of this module when tests load it in process.
const listeners = (globalForChanges.__contentChangeListeners ??= new Set());

/** Subscribes to content changes; returns the unsubscribe function. */
export function onContentChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event: ContentChangeEvent): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      logger.error({ err: error }, "A content change listener failed");
    }
  }
}

/** The last notifications acted on ('posts 4812': a table and the transaction that wrote it). */
const heard = (globalForChanges.__contentHeard ??= new Set());
const HEARD_KEPT = 512;

/**
 * The database says a write to a table committed: `notification` is the table's name and the transaction's
 * id ('posts 4812'; a bare name or '*' counts every time). Each table and transaction is acted on once: on
 * Postgres the instance that wrote hears it on two connections.
 */
export function contentChanged(notification: string): void {
  const [table, transaction] = notification.split(" ");
  // Everything again (another database, a listener back): its transaction ids start a new count.
  if (table === "*") heard.clear();
  else if (transaction !== undefined) {
    if (heard.has(notification)) return;
    if (heard.size >= HEARD_KEPT) heard.clear();
    heard.add(notification);
  }
  emit({ kind: "changed", table });
}

/** Whether changes are heard right now (false until a database is listening). */
export function isWatchingContent(): boolean {
  return globalForChanges.__contentWatching ?? false;
}

export function setWatchingContent(watching: boolean): void {
  if (isWatchingContent() === watching) return;
  globalForChanges.__contentWatching = watching;
  emit({ kind: "watching", watching });
}

const RECONNECT_MS = { first: 1_000, max: 30_000 };

/**
 * Listens on Postgres for the whole process: one dedicated connection (pooled ones come and go), which
 * reconnects with a growing pause after it is lost. While it is down, isWatchingContent() is false; once it
 * listens again every cached page is dropped (changes may have been missed meanwhile). Returns the stop
 * function.
 */
export function listenForContentChanges(connectionString: string): () => Promise<void> {
  let client: pg.Client | null = null;
  let stopped = false;
  let pause = RECONNECT_MS.first;
  let timer: NodeJS.Timeout | undefined;

  const lost = (reason: string) => {
    setWatchingContent(false);
    const current = client;
    client = null;
    current?.removeAllListeners();
    // Errors after this point (a late socket error) must not reach an unheard 'error' and end the process.
    current?.on("error", () => {});
    void current?.end().catch(() => {});
    if (stopped) return;
    logger.warn(
      { reason, retryInMs: pause },
      "Stopped hearing content changes; the page cache is off until it listens again",
    );
    timer = setTimeout(connect, pause);
    pause = Math.min(pause * 2, RECONNECT_MS.max);
  };

  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
    client = next;
    next.on("error", (error) => lost(error.message));
    next.on("end", () => {
      if (client === next) lost("connection ended");
    });
    next.on("notification", (message) => {
      if (message.channel === PUBLIC_CONTENT_CHANNEL) contentChanged(message.payload ?? "");
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${PUBLIC_CONTENT_CHANNEL}`);
      if (client !== next) return;
      pause = RECONNECT_MS.first;
      // Whatever changed while nobody listened: start from nothing.
      contentChanged("*");
      setWatchingContent(true);
    } catch (error) {
      if (client === next) lost(error instanceof Error ? error.message : String(error));
    }
  };

  void connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    setWatchingContent(false);
    const current = client;
    client = null;
    current?.removeAllListeners();
    current?.on("error", () => {});
    await current?.end().catch(() => {});
  };
}

/**
 * Makes a pooled Postgres connection hear content changes too. A session receives its own notifications
 * before its COMMIT returns, so the instance that made a change drops its cached pages before it answers
 * the request that made it; the dedicated connection may hear it a moment later.
 */
export function listenOnPooledConnection(client: pg.PoolClient): void {
  client.on("notification", (message) => {
    if (message.channel === PUBLIC_CONTENT_CHANNEL) contentChanged(message.payload ?? "");
  });
  client.query(`LISTEN ${PUBLIC_CONTENT_CHANNEL}`).catch(() => {
    // A connection that fails here fails its next query too, which reports it.
  });
}
