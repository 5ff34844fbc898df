import { z } from 'zod';
import { call, event } from '../define';

export const ConnectionKindSchema = z.enum(['sandbox', 'service']);

/** What the renderer may know of a connection: never the key, only its label and last four characters. */
export const ConnectionInfoSchema = z.object({
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

export const connectionCalls = {
  'connections.list': call(z.undefined(), z.array(ConnectionInfoSchema)),
  'connections.active': call(z.undefined(), ConnectionInfoSchema),
};

export const connectionEvents = {
  'connections.changed': event(z.array(ConnectionInfoSchema)),
};
