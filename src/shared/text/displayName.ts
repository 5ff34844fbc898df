/**
 * A name as it may be shown: a file's, a key's, a project's. Control characters (NUL, newlines, tabs) and the
 * invisible direction marks and overrides (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) are taken
 * out, since an override makes "gpj.exe" read as "exe.jpg" and a newline breaks a message in two; runs of
 * spaces become one.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function displayName(name: string): string {
  return name.replace(HIDDEN, ' ').replace(/\s+/g, ' ').trim();
}
