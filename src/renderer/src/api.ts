import type { GenApi } from '../../shared/ipc/api';
import { speakingBridge } from './ui/i18n/saidAnswers';

/** The bridge to main. Everything the renderer does outside the page goes through this object. */
export const gen: GenApi = speakingBridge(window.gen);
