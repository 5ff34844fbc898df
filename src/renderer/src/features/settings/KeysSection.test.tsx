// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KeyInfo } from '../../../../shared/ipc/contract';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

vi.mock('../../api', () => ({ gen: {} }));

const { KeysSection } = await import('./KeysSection');
const { useKeyStore } = await import('../../store/keyStore');
const { useTextStore } = await import('../../ui/i18n/textStore');
const { told } = await import('../../../../shared/i18n/say');
const { words } = await import('../../../../shared/i18n/words');

const key = (patch: Partial<KeyInfo>): KeyInfo => ({
  id: 'k1', label: 'Studio key', last4: 'ab12', connectionId: 'c', connectionLabel: 'The service', storage: 'keychain',
  active: true, available: false, reading: 'reading', problem: 'Checking the Secret Service…', ...patch,
} as KeyInfo);

let root: Root;
let container: HTMLElement;
const show = () => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(<KeysSection />));
};
afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
  // The suite runs its tests in a shuffled order: a test's key results must not reach the next one.
  useKeyStore.setState({ tests: {} });
});

describe('the keychain check under way is said quietly, not as a problem', () => {
  it('shows "Checking the Secret Service…" in the neutral style while the keychain has not answered yet', () => {
    useKeyStore.setState({ keys: [key({})], keychain: { available: false, backend: 'Secret Service', message: 'Checking the Secret Service…', checking: true } });
    show();
    const status = container.querySelector('[aria-label="Keychain"], .keychain')!;
    expect(status.className).toBe('keychain checking');
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(container.querySelector('.inline-error')).toBeNull();
    expect(container.textContent).toContain('Checking the Secret Service…');
  });

  it('still shows a keychain that did not answer as a problem, with Retry', () => {
    const words = 'The Secret Service did not answer; is it locked? Unlock it and press Retry in Settings → Keys.';
    useKeyStore.setState({ keys: [key({ reading: 'unreachable', problem: words })], keychain: { available: false, backend: 'Secret Service', message: words } });
    show();
    expect(container.querySelector('.keychain')!.className).toBe('keychain missing');
    expect(container.querySelector('[role="alert"]')?.textContent).toContain(words);
  });
});

describe('main’s words about keys are said in the language on screen', () => {
  afterEach(async () => {
    await act(() => useTextStore.getState().choose('en'));
  });

  it('says a refused key and a keychain that did not answer in German once German is chosen, without asking main again', async () => {
    const silent = told(words('main.keychain.noAnswer', { backend: 'Secret Service' }));
    const rejected = told(words('main.keyTest.rejected'));
    useKeyStore.setState({
      keys: [key({ reading: 'read', available: true, problem: null })],
      keychain: { available: false, backend: 'Secret Service', ...silent },
      tests: { k1: { outcome: 'rejected', ...rejected, credits: null } },
    });
    show();
    expect(container.textContent).toContain('The service did not accept this key');
    await act(() => useTextStore.getState().choose('de'));
    expect(container.textContent).toContain('Der Dienst hat diesen Schlüssel nicht angenommen');
    expect(container.textContent).toContain('Kein Schlüsselbund erreichbar: Secret Service hat nicht geantwortet.');
    expect(container.textContent).not.toContain('The service did not accept this key');
  });

  it('shows a result from before message ids in the English it holds', async () => {
    useKeyStore.setState({ keys: [key({ reading: 'read', available: true, problem: null })], tests: { k1: { outcome: 'rejected', message: 'Old English words.', credits: null } } });
    show();
    await act(() => useTextStore.getState().choose('de'));
    expect(container.textContent).toContain('Old English words.');
  });
});
