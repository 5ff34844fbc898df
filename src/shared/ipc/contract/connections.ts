import { z } from 'zod';
import { WordsSchema } from '../../i18n/words';
import { call, event } from '../define';
import { NewConnectionSchema } from './keys';
import { Moment } from './values';

const ConnectionKindSchema = z.enum(['sandbox', 'service']);
/** A connection's id: a UUID, or the built-in Sandbox's own; bounded, since the renderer sends it back. */
const ConnectionIdSchema = z.string().min(1).max(100);

/** What the renderer may know of a connection: never the key, only its label and last four characters. */
const ConnectionInfoSchema = z.object({
  id: ConnectionIdSchema,
  label: z.string(),
  kind: ConnectionKindSchema,
  /** null until the built-in sandbox has started */
  baseUrl: z.string().nullable(),
  regionalBaseUrl: z.string().nullable(),
  endpointWord: z.string(),
  keyLabel: z.string().nullable(),
  keyHint: z.string().nullable(),
  active: z.boolean(),
  /** What the user should know about this connection, e.g. that outputs are placeholders. */
  note: z.string(),
  /** `note` as words, said in the language on screen */
  noteWords: WordsSchema.optional(),
});
export type ConnectionInfo = z.infer<typeof ConnectionInfoSchema>;

/** Whether the connection answers: tasks prepared while it does not wait as "ready to send". */
const ConnectionStatusSchema = z.object({
  id: ConnectionIdSchema,
  state: z.enum(['unknown', 'online', 'offline']),
  message: z.string(),
  /** `message` as words, said in the language on screen */
  words: WordsSchema.optional(),
  since: Moment,
});
export type ConnectionStatus = z.infer<typeof ConnectionStatusSchema>;

export const connectionCalls = {
  'connections.list': call(z.undefined(), z.array(ConnectionInfoSchema)),
  'connections.active': call(z.undefined(), ConnectionInfoSchema),
  'connections.add': call(NewConnectionSchema, ConnectionInfoSchema),
  'connections.update': call(NewConnectionSchema.partial().extend({ id: ConnectionIdSchema }), ConnectionInfoSchema),
  'connections.activate': call(z.object({ id: ConnectionIdSchema }), ConnectionInfoSchema),
  'connections.remove': call(z.object({ id: ConnectionIdSchema }), z.object({ removed: z.boolean() })),
  'connections.status': call(z.undefined(), ConnectionStatusSchema),
};

export const connectionEvents = {
  'connections.changed': event(z.array(ConnectionInfoSchema)),
  'connections.statusChanged': event(ConnectionStatusSchema),
};
