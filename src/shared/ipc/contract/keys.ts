import { z } from 'zod';
import { WordsSchema } from '../../i18n/words';
import { call, event } from '../define';

import { DisplayNameText } from './names';
import { Credits } from './values';

/** Labels and the organization and project a key is for: shown as typed, less what cannot be seen. */
const Text = (max: number) => DisplayNameText(max);
const Label = () => DisplayNameText(80, 1, 'A label needs at least one visible character');

/** What the renderer may know of a key: never the key itself, only its label and last four characters. */
const KeyInfoSchema = z.object({
  id: z.string(),
  label: z.string(),
  organization: z.string(),
  project: z.string(),
  /** the key's last four characters */
  hint: z.string().max(4),
  connectionId: z.string(),
  connectionLabel: z.string(),
  /** `keychain`: kept in the OS keychain; `session`: held in memory until the app quits */
  storage: z.enum(['keychain', 'session']),
  /** the key its connection uses */
  active: z.boolean(),
  /** false until the key is read, and when it could not be (see `reading` and `problem`) */
  available: z.boolean(),
  /** where reading it from the keychain stands: `unreachable` when the keychain did not answer (locked?) */
  reading: z.enum(['read', 'reading', 'missing', 'unreachable']),
  /** in words, why the key cannot be used now and what to do; null when it can */
  problem: z.string().nullable(),
  /** the same as message id and values, said by the renderer in the language on screen (`problem` is its English) */
  problemWords: WordsSchema.optional(),
  /** removed by the user, not used any more, but still in the keychain, which did not answer: retried until it does */
  removalPending: z.boolean().optional(),
});
export type KeyInfo = z.infer<typeof KeyInfoSchema>;

const KeychainStatusSchema = z.object({
  available: z.boolean(),
  /** the store keys go to: "Secret Service", "macOS Keychain", "Windows Credential Manager" */
  backend: z.string(),
  message: z.string(),
  /** `message` as words, said in the language on screen */
  words: WordsSchema.optional(),
  /** true while the first answer from the keychain is awaited: a check under way, not a problem */
  checking: z.boolean().optional(),
});
export type KeychainStatus = z.infer<typeof KeychainStatusSchema>;

/** A service connection's addresses and the word its paths use in place of `gen`. */
export const NewConnectionSchema = z.object({
  label: Label(),
  baseUrl: z.string().trim().min(1).max(2048),
  regionalBaseUrl: z.string().trim().max(2048).nullable(),
  endpointWord: z.string().trim().min(1).max(40),
});
export type NewConnection = z.infer<typeof NewConnectionSchema>;

export const AddKeySchema = z.object({
  label: Label(),
  organization: Text(120),
  project: Text(120),
  secret: z.string().trim().min(8).max(512),
  /** an existing service connection, or a new one to create with the key */
  connection: z.union([z.object({ id: z.string() }), z.object({ create: NewConnectionSchema })]),
  /** the user agreed to keep the key in memory for this session only (no keychain reachable) */
  sessionOnly: z.boolean().default(false),
});
export type AddKeyRequest = z.input<typeof AddKeySchema>;

const KeyTestResultSchema = z.object({
  outcome: z.enum(['accepted', 'rejected', 'unreachable', 'inconclusive']),
  message: z.string(),
  /** `message` as words, said in the language on screen */
  words: WordsSchema.optional(),
  /** the balance, where the connection answers GET /v1/credits */
  credits: Credits.nullable(),
});
export type KeyTestResult = z.infer<typeof KeyTestResultSchema>;

export const keyCalls = {
  'keys.list': call(z.undefined(), z.array(KeyInfoSchema)),
  'keys.keychain': call(z.undefined(), KeychainStatusSchema),
  'keys.add': call(AddKeySchema, KeyInfoSchema),
  'keys.update': call(
    z.object({ id: z.string(), label: Label().optional(), organization: Text(120).optional(), project: Text(120).optional() }),
    KeyInfoSchema,
  ),
  'keys.test': call(z.object({ id: z.string() }), KeyTestResultSchema),
  /** Makes the key the one its connection uses, and that connection the active one. */
  'keys.activate': call(z.object({ id: z.string() }), KeyInfoSchema),
  /** `pending`: the keychain did not answer; the key is no longer used, and deleted when the keychain answers. */
  'keys.remove': call(z.object({ id: z.string() }), z.object({ removed: z.boolean(), pending: z.boolean().optional() })),
  /** Reads again the keys the keychain did not answer for (after the user unlocked it). */
  'keys.retry': call(z.undefined(), z.array(KeyInfoSchema)),
};

export const keyEvents = {
  'keys.changed': event(z.array(KeyInfoSchema)),
};
