import type { ConnectionInfo } from '../../../shared/ipc/contract';
import { DEFAULT_ENDPOINT_WORD } from '../../../shared/catalog/catalog';

export const SANDBOX_CONNECTION_ID = 'sandbox';

export const SANDBOX_NOTE =
  'Built-in offline service: every workflow runs end to end, outputs are placeholders made from your inputs, ' +
  'and costs are simulated.';

/** The connection the app uses until the user adds a key. */
export function sandboxConnection(baseUrl: string | null, regionalBaseUrl: string | null, active: boolean): ConnectionInfo {
  return {
    id: SANDBOX_CONNECTION_ID,
    label: 'Sandbox',
    kind: 'sandbox',
    baseUrl,
    regionalBaseUrl,
    endpointWord: DEFAULT_ENDPOINT_WORD,
    keyLabel: null,
    keyHint: null,
    active,
    note: SANDBOX_NOTE,
  };
}
