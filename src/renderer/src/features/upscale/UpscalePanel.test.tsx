// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { emptyDocument } from '../../../../shared/canvas/document';
import { loadMessages } from '../../../../shared/i18n/catalog';
import { createText } from '../../../../shared/i18n/text';
import type { AssetInfo } from '../../../../shared/ipc/contract';
import { UPSCALE_ENDPOINT_ID } from '../../../../shared/video/upscale';
import { mountEach } from '../../testing/mountEach';

// Only the price estimate asks main; every note below is the panel's own, said before anything is sent.
vi.mock('../../api', () => ({ gen: { spending: { estimate: async () => ({ ok: false, error: { code: 'bad-input', message: 'no estimate' } }) } } }));

const { UpscalePanel } = await import('./UpscalePanel');
const { sendUpscale } = await import('./sendUpscale');
const { takeAsUpscaleSource } = await import('./upscaleSource');
const { useUpscaleStore } = await import('./upscaleStore');
const { useCanvasStore } = await import('../canvas/canvasStore');
const { useTextStore } = await import('../../ui/i18n/textStore');

const german = createText('de', await loadMessages('de'));
/** A clip of 20.04 s: over the 20 s the service takes. */
const longClip = { id: 'v'.repeat(64), name: 'hafen.mp4', kind: 'video', seconds: 20.04, bytes: 3_000_000, width: 1280, height: 720 } as AssetInfo;

const container = mountEach(
  () => <UpscalePanel />,
  () => {
    useCanvasStore.getState().load(emptyDocument(UPSCALE_ENDPOINT_ID), null);
    useUpscaleStore.setState({ source: null, refused: null, note: null, busy: false, checking: false });
  },
);

const note = () => container().querySelector('.upscale-panel > p[aria-label]:last-child')?.textContent;
const refused = () => [...container().querySelectorAll('.upscale-refused li')].map((li) => li.textContent);

describe('the Upscale panel says its notes in the language on screen, again after a switch', () => {
  it('Upscale with no clip: English, then German once German is chosen', async () => {
    await act(() => sendUpscale());
    expect(note()).toMatch(/^Choose a clip to upscale first/);
    await act(() => useTextStore.getState().choose('de'));
    expect(note()).toBe(german.t('studio.upscale.noClip'));
  });

  it('a clip over the limit is refused with its figures in the language’s numbers, and Upscale says nothing was sent', async () => {
    await act(() => takeAsUpscaleSource(longClip));
    expect(refused().join(' ')).toContain('20.04');
    // the clip was not taken; a source that breaks a limit (as a reused one may) is refused by Upscale itself
    act(() => useUpscaleStore.setState({ source: { assetId: longClip.id, name: longClip.name, url: 'u', thumbnailUrl: null, width: 1280, height: 720, seconds: 20.04, bytes: 3_000_000, from: 'result' } }));
    await act(() => sendUpscale());
    expect(note()).toMatch(/Nothing was sent\.$/);
    await act(() => useTextStore.getState().choose('de'));
    expect(refused().join(' ')).toContain('20,04');
    expect(note()).toMatch(/20,04.*Es wurde nichts gesendet\.$/);
  });
});
