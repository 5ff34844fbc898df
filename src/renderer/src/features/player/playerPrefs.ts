import { create } from 'zustand';

interface PlayerPrefs {
  readonly loop: boolean;
  readonly muted: boolean;
  readonly volume: number;
  set(patch: Partial<Pick<PlayerPrefs, 'loop' | 'muted' | 'volume'>>): void;
}

/** Loop, mute and volume follow the artist from one clip to the next (the strip and the full view alike). */
export const usePlayerPrefs = create<PlayerPrefs>((set) => ({
  loop: true,
  muted: false,
  volume: 1,
  set: (patch) => set(patch),
}));
