import { defaultIntentOf, type IntentId } from '../../../../shared/studio/intents';
import { useNavigationStore } from '../../store/navigationStore';
import { useProjectStore } from '../canvas/project/projectStore';
import { scheduleSave } from '../canvas/project/projectSync';
import { switchIntent, switchModel } from './switchModel';

/** The rail id of the studio screen. */
const STUDIO_SCREEN = 'canvas';

/**
 * Shows the studio on an intent, or on one model (in its first intent): for Start and anything that links there.
 * The open project loads when the studio first shows; the switch waits for it, or the project would replace it.
 */
export function openStudio(to: { intent: IntentId; endpointId?: string } | { endpointId: string }): void {
  const apply = () => {
    if ('intent' in to && to.endpointId) switchModel(to.endpointId, to.intent);
    else if ('intent' in to) switchIntent(to.intent);
    else switchModel(to.endpointId, defaultIntentOf(to.endpointId).id);
    scheduleSave();
  };
  useNavigationStore.getState().show(STUDIO_SCREEN);
  if (useProjectStore.getState().status !== 'loading') return apply();
  const off = useProjectStore.subscribe((s) => {
    if (s.status === 'loading') return;
    off();
    apply();
  });
}
