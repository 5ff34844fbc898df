import type { JsonValue } from '../../../../shared/catalog/field';
import type { TaskInfo } from '../../../../shared/ipc/contract';
import type { TaskRequest } from '../../../../shared/tasks/taskRequest';
import { UPSCALE_ENDPOINT_ID, UPSCALE_FACTOR, upscaleRequest, upscaleSourceProblems, type UpscaleSettings } from '../../../../shared/video/upscale';
import { notSentText, send } from '../../store/sendTasks';
import { useCanvasStore } from '../canvas/canvasStore';
import { useProjectStore } from '../canvas/project/projectStore';
import { useUpscaleStore, type UpscaleSource } from './upscaleStore';
import { saying, type Saying } from '../../ui/i18n/saying';

/** The panel's settings, read from the document's form values for the endpoint (creative unless set to precise). */
export function upscaleSettings(values: Readonly<Record<string, JsonValue | undefined>> | undefined): UpscaleSettings {
  const factor = values?.upscale_factor;
  return {
    factor: typeof factor === 'number' ? factor : UPSCALE_FACTOR.initial,
    creative: values?.creativity !== 0,
    prompt: typeof values?.prompt === 'string' ? values.prompt : '',
  };
}

/** The request Upscale would send now, or null while no clip is chosen. */
export function currentUpscaleRequest(source: UpscaleSource | null = useUpscaleStore.getState().source): TaskRequest | null {
  if (!source) return null;
  return upscaleRequest(upscaleSettings(useCanvasStore.getState().document.formValues[UPSCALE_ENDPOINT_ID]), source.assetId);
}
const say = (text: Saying, kind: 'info' | 'error' = 'error') => useUpscaleStore.getState().set({ note: { kind, text } });

/** One press of Upscale: refuses in words (no clip, a limit broken), or sends the clip and its settings once. */
export async function sendUpscale(): Promise<TaskInfo[]> {
  const store = useUpscaleStore.getState();
  if (store.busy) return [];
  const source = store.source;
  if (!source) {
    say(saying('studio.upscale.noClip'));
    return [];
  }
  if (upscaleSourceProblems(source).length > 0) {
    say((text) => text.t('studio.upscale.notSent', { problems: text.sentences(upscaleSourceProblems(source, text)) }));
    return [];
  }
  const request = currentUpscaleRequest(source)!;
  store.set({ busy: true, note: null });
  try {
    const sent = await send(request, 1, useProjectStore.getState().currentId);
    if (!sent.ok) {
      say((text) => notSentText(sent.error, text));
      return [];
    }
    say(saying('studio.upscale.sent'), 'info');
    return sent.tasks;
  } finally {
    useUpscaleStore.getState().set({ busy: false });
  }
}
