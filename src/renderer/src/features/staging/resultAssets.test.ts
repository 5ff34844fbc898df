// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { AssetInfo, LibraryItem } from '../../../../shared/ipc/contract';

const asset = (c: string): AssetInfo => ({ id: c.repeat(64), name: `${c}.png`, mime: 'image/png', bytes: 100, width: 2, height: 1, hasAlpha: true, url: `gen-asset://${c}` }) as AssetInfo;
const imported: string[] = [];
vi.mock('../../api', () => ({
  gen: {
    library: { get: async () => ({ ok: true, value: { id: 'res-1', fileName: 'Hafen.png', endpointId: 'gen-pro-1.0-fill', inputs: [{ field: 'image', assetId: 'a'.repeat(64) }] } as unknown as LibraryItem }) },
    assets: {
      fromLibrary: async () => ({ ok: true, value: asset('r') }),
      import: async ({ name }: { name: string }) => (imported.push(name), { ok: true, value: asset('c') }),
    },
  },
}));
vi.mock('../canvas/assets', () => ({ assetInfo: async () => asset('a'), remember: () => undefined }));
vi.mock('../canvas/pixels', () => ({ loadImage: async () => null, rgbaOf: () => new Uint8ClampedArray(8) }));

const { compositeAsset } = await import('./resultAssets');
const { useTextStore } = await import('../../ui/i18n/textStore');

describe('the result kept inside its mask', () => {
  it('is stored under a name in the language on screen', async () => {
    // The page draws the composite into a PNG; this stands in for the browser's canvas.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ putImageData: () => undefined } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) => done(new Blob([new Uint8Array([137, 80, 78, 71])])));
    await useTextStore.getState().choose('de');
    try {
      await compositeAsset('res-1');
      expect(imported).toEqual(['Hafen (innerhalb der Maske).png']);
    } finally {
      await useTextStore.getState().choose('en');
    }
  });
});
