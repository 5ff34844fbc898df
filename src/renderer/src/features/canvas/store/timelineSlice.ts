import type { ImageRef, VideoRef } from '../../../../../shared/canvas/document';
import * as timeline from '../../../../../shared/canvas/timeline';
import { VIDEO_FPS } from '../../../../../shared/catalog/video';
import type { Slice, TimelineSlice } from './types';
import { wordsSaying } from '../../../ui/i18n/saying';

const newKeyframeId = () => `kf-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;

/**
 * The video timeline's edits over the shared rules (shared/canvas/timeline.ts). Each is one undo step through
 * `change`, so a drag inside a gesture merges into one; a refusal says why and changes nothing.
 */
export const timelineSlice: Slice<TimelineSlice> = (set, get) => {
  const apply = (label: string, edit: (d: ReturnType<typeof get>['document']) => timeline.TimelineEdit): string | null => {
    const result = edit(get().document);
    if ('refusal' in result) {
      set({ message: { kind: 'error', text: wordsSaying(result.refusal) } });
      return null;
    }
    get().change(label, () => result.document);
    return result.keyframe.id;
  };
  return {
    selectedKeyframeId: null,
    selectKeyframe: (id) => set({ selectedKeyframeId: id }),
    pinKeyframe: (image: ImageRef, at: timeline.PinAt) => {
      const id = apply(at === 'first' ? 'Pin first frame' : at === 'last' ? 'Pin last frame' : 'Pin keyframe', (d) => timeline.pinKeyframe(d, image, at, newKeyframeId()));
      if (id) set({ selectedKeyframeId: id });
      return id;
    },
    moveKeyframe: (id, frame) => {
      apply('Move keyframe', (d) => timeline.moveKeyframe(d, id, frame));
    },
    nudgeKeyframe: (id, by) => {
      const current = timeline.timelineOf(get().document).keyframes.find((k) => k.id === id);
      if (!current) return;
      apply(Math.abs(by) >= VIDEO_FPS ? 'Move keyframe a second' : 'Move keyframe a frame', (d) => timeline.moveKeyframe(d, id, current.frame + by));
    },
    replaceKeyframe: (id, image) => {
      apply('Replace keyframe', (d) => timeline.replaceKeyframe(d, id, image));
    },
    removeKeyframe: (id) => {
      if (apply('Remove keyframe', (d) => timeline.removeKeyframe(d, id)) && get().selectedKeyframeId === id) set({ selectedKeyframeId: null });
    },
    setVideoSource: (source: VideoRef | null) => {
      get().change(source ? 'Choose source video' : 'Clear source video', (d) => ({ ...d, timeline: { ...d.timeline, source } }));
    },
  };
};
