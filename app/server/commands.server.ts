// One-off operator commands run by `node server.ts <command>` (npm run migrate, backup, restore): the
// production build's code and configuration, without serving.
import { backup } from "./backup.server";
import { restore } from "./backup-restore.server";
import { DatabaseLockedError, openDatabase, underStartupLock } from "./db.server";
import { migrateToLatest } from "./migrate.server";

/** `migrate`: applies pending migrations (for deploy pipelines that migrate before starting the new release). */
async function migrate(): Promise<number> {
  let opened;
  try {
    opened = await openDatabase();
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      console.error(
        "A running server holds the embedded database; it migrates as it starts, so there is nothing to do.",
      );
      return 1;
    }
    throw error;
  }
  try {
    const outcome = await underStartupLock(opened, () => migrateToLatest(opened.db));
    if (outcome.applied.length)
      console.log(`Applied ${outcome.applied.length} migration(s): ${outcome.applied.join(", ")}`);
    else if (outcome.newerInDatabase.length)
      console.log("The database is newer than this release; nothing was applied.");
    else console.log("The database is up to date.");
    return 0;
  } finally {
    await opened.close();
  }
}

const COMMANDS: Record<string, (args: string[]) => Promise<number>> = { migrate, backup, restore };

/** Runs a command and returns the process's exit code. Output is for the operator at a terminal. */
export async function runCommand(command: string, args: string[]): Promise<number> {
  const run = COMMANDS[command];
  if (!run) {
    console.error(`Unknown command "${command}". Commands: ${Object.keys(COMMANDS).join(", ")}; none to serve.`);
    return 2;
  }
  return run(args);
}
