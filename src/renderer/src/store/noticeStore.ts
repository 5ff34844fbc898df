import { create } from 'zustand';
import type { Notice } from '../../../shared/ipc/contract';
import { gen } from '../api';

interface NoticeState {
  readonly notices: readonly Notice[];
  load(): Promise<void>;
  follow(): () => void;
  dismiss(id: string): Promise<void>;
}

export const useNoticeStore = create<NoticeState>((set, get) => ({
  notices: [],
  load: async () => {
    const result = await gen.app.notices();
    if (result.ok) set({ notices: result.value });
  },
  follow: () =>
    gen.app.onNotice((notice) => {
      if (!get().notices.some((n) => n.id === notice.id)) set({ notices: [...get().notices, notice] });
    }),
  dismiss: async (id) => {
    set({ notices: get().notices.filter((n) => n.id !== id) });
    await gen.app.dismissNotice({ id });
  },
}));
