// The benchmarks' Postgres: under scripts/with-test-postgres.ts (which sets TEST_DATABASE_URL), a fresh database
// of that private cluster becomes the app's DATABASE_URL; without it they run on the embedded database.

/**
 * Under scripts/with-test-postgres.ts: a fresh database `name` of that private cluster, as DATABASE_URL (and
 * SINGLE_INSTANCE, so the server started on it needs no shared secret or storage). Nothing without it, or
 * when DATABASE_URL is already set. Call it before anything reads the app's configuration.
 */
export async function usePrivatePostgres(name: string): Promise<void> {
  const maintenance = process.env.TEST_DATABASE_URL;
  if (!maintenance || process.env.DATABASE_URL) return;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: maintenance });
  await client.connect();
  await client.query(`drop database if exists ${name}`);
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(maintenance);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  // One instance: a generated session secret and local files are fine.
  process.env.SINGLE_INSTANCE = "true";
}
