import { randomUUID } from 'node:crypto';
import { told } from '../../../shared/i18n/say';
import type { Words } from '../../../shared/i18n/words';
import type { Notice } from '../../../shared/ipc/contract';
import type { Clock } from '../deps';

type Listener = (notice: Notice) => void;

/**
 * Things the user must be told that no call was waiting for (a settings file set aside at start-up, a corrupt
 * sidecar). Kept until dismissed, so a window that opens later still shows what happened before it listened.
 */
export class NoticeBoard {
  private readonly notices: Notice[] = [];
  private readonly listeners = new Set<Listener>();

  constructor(private readonly clock: Pick<Clock, 'now'>) {}

  /** A notice in words (said in the window's language, its English kept beside them), or text given as it is. */
  add(level: Notice['level'], message: Words | string): Notice {
    const notice: Notice = { id: randomUUID(), level, ...(typeof message === 'string' ? { message } : told(message)), at: this.clock.now() };
    this.notices.push(notice);
    for (const listener of this.listeners) listener(notice);
    return notice;
  }

  list(): Notice[] {
    return [...this.notices];
  }

  dismiss(id: string): boolean {
    const index = this.notices.findIndex((n) => n.id === id);
    if (index < 0) return false;
    this.notices.splice(index, 1);
    return true;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
