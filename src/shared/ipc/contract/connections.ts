import { z } from 'zod';
import { call, event } from '../define';
import { NewConnectionSchema } from './keys';

const ConnectionKindSchema = z.enum(['sandbox', 'service']);

/** What the renderer may know of a connection: never the key, only its label and last four characters. */
const ConnectionInfoSchema = z.object({
  id: z.string(),
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
});
export type ConnectionInfo = z.infer<typeof ConnectionInfoSchema>;

/** Whether the connection answers: tasks prepared while it does not wait as "ready to send". */
const ConnectionStatusSchema = z.object({
  id: z.string(),
  state: z.enum(['unknown', 'online', 'offline']),
  message: z.string(),
  since: z.number(),
});
export type ConnectionStatus = z.infer<typeof ConnectionStatusSchema>;

export const connectionCalls = {
  'connections.list': call(z.undefined(), z.array(ConnectionInfoSchema)),
  'connections.active': call(z.undefined(), ConnectionInfoSchema),
  'connections.add': call(NewConnectionSchema, ConnectionInfoSchema),
  'connections.update': call(NewConnectionSchema.partial().extend({ id: z.string() }), ConnectionInfoSchema),
  'connections.activate': call(z.object({ id: z.string() }), ConnectionInfoSchema),
  'connections.remove': call(z.object({ id: z.string() }), z.object({ removed: z.boolean() })),
  'connections.status': call(z.undefined(), ConnectionStatusSchema),
};

export const connectionEvents = {
  'connections.changed': event(z.array(ConnectionInfoSchema)),
  'connections.statusChanged': event(ConnectionStatusSchema),
};
