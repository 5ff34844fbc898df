import { layerRefusal } from '../layers';
import { EMPTY_RECT } from '../mask/rect';
import { TileRecorder } from '../mask/tiles';
import type { MaskSlice, Slice } from './types';

export const maskSlice: Slice<MaskSlice> = (set, get, h) => ({
  mask: null,
  maskVersion: 0,
  maskDirty: EMPTY_RECT,

  editMask: (label, edit) => {
    const { mask, document } = get();
    if (!mask) return false;
    // Hidden counts too: a fill or an invert on a mask the user cannot see is a change they cannot check.
    const refusal = layerRefusal(document, 'mask', true);
    if (refusal) {
      set({ message: { kind: 'info', text: refusal } });
      return false;
    }
    const recorder = new TileRecorder(mask);
    const dirty = edit(mask, (r) => recorder.touch(r));
    const tiles = recorder.finish();
    if (tiles.length === 0) return true;
    set({ maskVersion: get().maskVersion + 1, maskDirty: dirty });
    h.record({ label, tiles });
    return true;
  },
});
