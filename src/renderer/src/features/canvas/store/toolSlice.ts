import type { Slice, ToolSlice } from './types';

export const toolSlice: Slice<ToolSlice> = (set, get) => ({
  tool: 'brush',
  shapeMode: 'paint',
  brush: { size: 40, hardness: 1 },
  selectedBoxId: null,

  setTool: (tool) => {
    if (get().tool !== tool) set({ tool, message: null });
  },
  swapPaint: () => {
    const { tool, shapeMode } = get();
    if (tool === 'brush') set({ tool: 'eraser' });
    else if (tool === 'eraser') set({ tool: 'brush' });
    else set({ shapeMode: shapeMode === 'paint' ? 'erase' : 'paint' });
  },
  setBrush: (patch) => {
    const b = { ...get().brush, ...patch };
    set({ brush: { size: Math.max(1, Math.min(1000, Math.round(b.size))), hardness: Math.max(0, Math.min(1, b.hardness)) } });
  },
  selectBox: (id) => set({ selectedBoxId: id }),
});
