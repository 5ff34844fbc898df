import { create } from 'zustand';

interface HelpState {
  readonly open: boolean;
  /** The endpoint the reference shows. */
  readonly endpointId: string;
  show(endpointId?: string): void;
  close(): void;
}

/** The Help drawer (the service reference), openable from any screen. */
export const useHelpStore = create<HelpState>((set, get) => ({
  open: false,
  endpointId: 'gen-dev',
  show: (endpointId) => set({ open: true, endpointId: endpointId ?? get().endpointId }),
  close: () => set({ open: false }),
}));
