/**
 * The message of a SQLite constraint failure anywhere in an error's cause chain (drizzle wraps the
 * driver's error), or '' when the error is something else. Routes map these to 409/400 answers.
 */
export function constraintMessage(error: unknown): string {
  for (let e = error; e instanceof Error; e = e.cause) {
    if (/constraint failed/i.test(e.message)) return e.message;
  }
  return '';
}

/** A UNIQUE constraint failure: the row would duplicate another. */
export const isUniqueViolation = (error: unknown) => /UNIQUE constraint failed/i.test(constraintMessage(error));
