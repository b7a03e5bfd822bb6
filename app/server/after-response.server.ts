import { currentRequestScope } from "./request-scope.server";
import { logger } from "./logger.server";

type Task = () => Promise<unknown> | unknown;

const running = new Set<Promise<unknown>>();

function run(task: Task, label: string): void {
  const promise = Promise.resolve()
    .then(task)
    .catch((error: unknown) => logger.error({ err: error }, `${label} failed`))
    .finally(() => running.delete(promise));
  running.add(promise);
}

/**
 * Runs `task` once the current response has been sent (server.ts runs the queue when the response
 * closes), so work such as mailing a reset link neither delays the answer nor shows in its timing.
 * Outside a request (tests, scripts) it runs on the next turn of the event loop. Errors are logged.
 */
export function afterResponse(task: Task, label = "Background task"): void {
  const scope = currentRequestScope();
  if (scope) scope.afterResponse.push(() => run(task, label));
  // Tracked from now, so settleBackgroundTasks() right after the call waits for it too.
  else run(() => new Promise((resolve) => setImmediate(resolve)).then(task), label);
}

/** Waits for the background tasks still running (graceful shutdown, tests). */
export async function settleBackgroundTasks(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}
