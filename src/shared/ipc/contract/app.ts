import { z } from 'zod';
import { call } from '../define';

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  /** `electron` in the desktop app; `chromium` when the renderer runs in a browser bound to the Node core. */
  runner: z.enum(['electron', 'chromium']),
  platform: z.string(),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const appCalls = {
  'app.info': call(z.undefined(), AppInfoSchema),
};
