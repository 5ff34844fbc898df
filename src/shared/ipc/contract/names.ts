import { z } from 'zod';
import { displayName } from '../../text/displayName';

/**
 * A name the renderer hands in (a key's label, a project's name, a file's): control characters, NUL and the
 * invisible direction overrides are taken out on the way in (see displayName), so no file, message or list
 * shows them later. `min` counts what is left visible.
 */
export function DisplayNameText(max: number, min = 0, required = 'A name needs at least one visible character') {
  const shown = z.string().max(max).transform(displayName);
  return min > 0 ? shown.pipe(z.string().min(min, required)) : shown;
}
