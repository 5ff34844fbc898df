import { z } from 'zod';
import { WordsSchema } from '../../i18n/words';
import { call, event } from '../define';
import { Moment } from './values';

const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  /** `electron` in the desktop app; `chromium` when the renderer runs in a browser bound to the Node core. */
  runner: z.enum(['electron', 'chromium']),
  platform: z.string(),
});

/** Something the user must know that no call was waiting for: a file set aside, a key kept for this session only. */
const NoticeSchema = z.object({
  id: z.string(),
  level: z.enum(['info', 'warning', 'error']),
  message: z.string(),
  /** `message` as words, said in the language on screen (absent when main gave text as it is) */
  words: WordsSchema.optional(),
  at: Moment,
});
export type Notice = z.infer<typeof NoticeSchema>;

export const appCalls = {
  'app.info': call(z.undefined(), AppInfoSchema),
  /** Notices raised so far (also those from start-up, before the window listened) and not dismissed. */
  'app.notices': call(z.undefined(), z.array(NoticeSchema)),
  'app.dismissNotice': call(z.object({ id: z.string() }), z.object({ dismissed: z.boolean() })),
  /** The renderer's answer to `app.closing`: its unsaved work is on disk, the window may go. */
  'app.readyToClose': call(z.undefined(), z.object({ closing: z.boolean() })),
};

export const appEvents = {
  'app.notice': event(NoticeSchema),
  /** The window is about to close: save what is unsaved, then call `app.readyToClose`. */
  'app.closing': event(z.object({})),
};
