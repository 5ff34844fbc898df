import { z } from 'zod';
import { call } from '../define';

export const shellCalls = {
  /** Opens an address in the system browser after main checks it is a plain https link. */
  'shell.openExternal': call(z.object({ url: z.string().max(4096) }), z.object({ opened: z.boolean() })),
};
