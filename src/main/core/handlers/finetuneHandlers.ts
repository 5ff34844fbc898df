import type { FinetuneService } from '../finetunes/finetuneService';
import type { HandlersFor } from './types';

export function finetuneHandlers(finetunes: FinetuneService): HandlersFor<'finetunes.list' | 'finetunes.delete'> {
  return {
    'finetunes.list': () => finetunes.list(),
    'finetunes.delete': ({ id }) => finetunes.remove(id),
  };
}
