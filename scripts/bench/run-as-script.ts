import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Runs a bench module's `main` when its file is run directly (`npx tsx scripts/bench/<name>.ts …`), not when
 * the benchmark or a spec imports it: exits with what `main` returns (0 when nothing), or 2 with the error.
 */
export function runAsScript(moduleUrl: string, main: (argv: string[]) => Promise<number | void>): void {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  main(process.argv.slice(2)).then(
    (code) => process.exit(code ?? 0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(2);
    },
  );
}
