import { z } from 'zod';

/**
 * A name of a file directly inside a folder the app owns, as the app itself makes them: no separator of any
 * platform, no drive or stream colon, no control character, not hidden and not `.`/`..`. A name read from a file on
 * disk (which anyone may have edited) is joined to a folder only after passing this.
 */
export function isBareFileName(name: string): boolean {
  // eslint-disable-next-line no-control-regex
  return name.length > 0 && name.length <= 255 && !name.startsWith('.') && !/[/\\:\u0000-\u001f]/.test(name);
}

export const BareFileNameSchema = z.string().refine(isBareFileName, 'not a bare file name');
