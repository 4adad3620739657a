/**
 * A mistake the user can fix (bad flag, malformed config, unknown session id). Surfaces print
 * its message as one line — naming the file, field or flag and what to do — never a stack trace.
 */
export class UserError extends Error {
  override name = "UserError";
}

export function isUserError(error: unknown): error is UserError {
  return (
    error instanceof Error &&
    (error instanceof UserError || (error as { userError?: boolean }).userError === true)
  );
}
