// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../../../shared/i18n/catalog';
import { told } from '../../../../shared/i18n/say';
import { createText, ENGLISH_TEXT } from '../../../../shared/i18n/text';
import { words } from '../../../../shared/i18n/words';
import type { UnsettledTask } from '../../../../shared/ipc/contract';
import { mountEach } from '../../testing/mountEach';

vi.mock('../../api', () => ({ gen: {} }));

const { UnsettledTasks } = await import('./UnsettledTasks');
const { useSettingsStore } = await import('../../store/settingsStore');
const { useTextStore } = await import('../../ui/i18n/textStore');

const german = createText('de', await loadMessages('de'));
// Main refuses the answer in its words, as the bridge hands them on: said once in English, the words beside.
const REFUSED = words('main.keyTest.rejected');
const TASK = { id: 't1', endpointTitle: 'Gen 2 Pro', at: Date.UTC(2026, 10, 28, 9, 30), estimate: null } as unknown as UnsettledTask;

const container = mountEach(
  () => <UnsettledTasks tasks={[TASK]} />,
  () => {
    useSettingsStore.setState({ settle: async () => ({ ok: false, error: { code: 'refused', ...told(REFUSED) } }) } as never);
  },
);

describe('an unsettled task’s refusal follows a switch of language while it shows', () => {
  it('said from main’s words in English, then in German once German is chosen', async () => {
    await act(async () => (container().querySelectorAll('button')[1] as HTMLButtonElement).click());
    const alert = () => container().querySelector('[role="alert"]')?.textContent;
    expect(alert()).toBe(ENGLISH_TEXT.t('main.keyTest.rejected'));
    await act(() => useTextStore.getState().choose('de'));
    expect(alert()).toBe(german.t('main.keyTest.rejected'));
  });
});
