import { z } from 'zod';
import { WordsSchema } from '../../i18n/words';
import { call, event } from '../define';
import { Moment } from './values';

/**
 * Where updates stand. `unavailable`: this copy cannot update itself (run from a clone, or in the Chromium
 * runner); `off`: the user has not turned updates on; `waiting`: installing waits for tasks being sent or polled.
 */
const UPDATE_STATES = ['unavailable', 'off', 'idle', 'checking', 'available', 'downloading', 'ready', 'waiting', 'error'] as const;

const UpdateStatusSchema = z.object({
  enabled: z.boolean(),
  state: z.enum(UPDATE_STATES),
  /** The version on offer once a check found one. */
  version: z.string().nullable(),
  /** 0 to 100 while downloading. */
  progress: z.number().min(0).max(100).nullable(),
  lastCheckAt: Moment.nullable(),
  /** One sentence for the user: what is happening or what went wrong. */
  message: z.string(),
  /** what went wrong, as words the window says in the artist's language (only in `error`) */
  words: WordsSchema.optional(),
});
export type UpdateStatus = z.infer<typeof UpdateStatusSchema>;

export const updateCalls = {
  'updates.status': call(z.undefined(), UpdateStatusSchema),
  /** Off by default: turning it on checks at once if the last check is a day old, then at most once a day. */
  'updates.setEnabled': call(z.object({ enabled: z.boolean() }), UpdateStatusSchema),
  'updates.check': call(z.undefined(), UpdateStatusSchema),
  /** The user agreed to download the version on offer. */
  'updates.download': call(z.undefined(), UpdateStatusSchema),
  /** Restart into the downloaded version, as soon as no task is being sent or polled. */
  'updates.install': call(z.undefined(), UpdateStatusSchema),
};

export const updateEvents = {
  'updates.changed': event(UpdateStatusSchema),
};
