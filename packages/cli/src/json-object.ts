// Untrusted JSON (a config file, a server's stream) is read field by field: first whether a
// value is an object at all.

/** `value` as an object of named fields, or undefined for anything else (arrays too). */
export function jsonObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
