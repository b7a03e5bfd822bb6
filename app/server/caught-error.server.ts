// What a caught error says: its errno code (a file or socket call's ENOENT, ECONNREFUSED…) and its message,
// for errors typed `unknown` that may not be Errors at all.

/** The errno code of a failed fs or net call; undefined for any other error. */
export const errorCode = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;

/** The message of an Error, or the thrown value as text. */
export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));
