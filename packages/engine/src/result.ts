// Bad input is answered with a value, never a throw: callers branch on `ok`.

/** An error with a stable machine-readable code and a message for people. */
export interface AgonError {
  readonly code: string;
  readonly message: string;
}

/** Either a value or an error naming what was wrong. */
export type Result<T, E extends AgonError = AgonError> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

/** Wraps a value as a success. */
export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

/** Builds a failure from a code and a message. */
export function err(
  code: string,
  message: string,
): { readonly ok: false; readonly error: AgonError } {
  return { ok: false, error: { code, message } };
}
