// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../../../shared/i18n/catalog';
import { createText } from '../../../../shared/i18n/text';
import { mountEach } from '../../testing/mountEach';

// The file written, as main answers Save: its name, which stays as it is in every language.
vi.mock('../../api', () => ({ gen: { layers: { export: async () => ({ ok: true, value: { saved: true, fileName: 'hafen.psd' } }) } } }));

const { ExportLayersDialog } = await import('./ExportLayersDialog');
const { useLayersStore } = await import('../../store/layersStore');
const { useTextStore } = await import('../../ui/i18n/textStore');

const german = createText('de', await loadMessages('de'));

const container = mountEach(
  () => <ExportLayersDialog />,
  () => useLayersStore.getState().openExport({ kind: 'result', resultId: 'r1' }, 'hafen.png'),
);
afterEach(() => act(() => useLayersStore.getState().closeExport()));

describe('Export layers’ note follows a switch of language while it shows', () => {
  it('the saved file’s note, said in English, reads in German once German is chosen, the file name as it is', async () => {
    await act(async () => container().querySelector('form')!.requestSubmit());
    const note = () => container().querySelector('.layers-note')?.textContent;
    expect(note()).toBe(createText('en', await loadMessages('en')).t('layers.export.saved', { fileName: 'hafen.psd' }));
    await act(() => useTextStore.getState().choose('de'));
    expect(note()).toBe(german.t('layers.export.saved', { fileName: 'hafen.psd' }));
  });
});
