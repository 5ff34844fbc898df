import { create } from 'zustand';

interface NavigationState {
  readonly screenId: string | null;
  show(screenId: string): void;
}

/** Which screen the rail shows, so a feature can send the user to another (e.g. "Show in queue"). */
export const useNavigationStore = create<NavigationState>((set) => ({
  screenId: null,
  show: (screenId) => set({ screenId }),
}));
