import { describe, expect, it } from 'vitest';
import type { ConnectionInfo } from '../../../shared/ipc/contract';
import { selectActiveConnection } from './selectors';

const connection = (id: string, active: boolean): ConnectionInfo => ({
  id,
  label: id,
  kind: 'service',
  baseUrl: null,
  regionalBaseUrl: null,
  endpointWord: 'gen',
  keyLabel: null,
  keyHint: null,
  active,
  note: '',
});

describe('selectActiveConnection', () => {
  it('finds the active connection', () => {
    expect(selectActiveConnection({ connections: [connection('a', false), connection('b', true)] })?.id).toBe('b');
    expect(selectActiveConnection({ connections: [] })).toBeUndefined();
  });
});
