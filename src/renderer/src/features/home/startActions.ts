import { useStudioStore } from '../../store/studioStore';
import type { Intent } from '../../../../shared/studio/intents';
import { openStudio } from '../studio/openStudio';
import { emptyDocument, type ImageRef } from '../../../../shared/canvas/document';
import { gen } from '../../api';
import { useNavigationStore } from '../../store/navigationStore';
import { imageRefOf, importFiles, remember } from '../canvas/assets';
import { DEFAULT_CANVAS_ENDPOINT } from '../canvas/canvasStore';
import { useProjectStore } from '../canvas/project/projectStore';
import { createProject, openProject } from '../canvas/project/projectSync';
import { saying, together, type Saying } from '../../ui/i18n/saying';
import { sayTold } from '../../../../shared/i18n/say';
import { currentText } from '../../ui/i18n/textStore';

const show = (screen: string) => useNavigationStore.getState().show(screen);

/**
 * Opens the studio on the intent: on the model the project already uses when the intent has it, else its first.
 * The prompt takes the focus, as the next thing an artist does is say what they want.
 */
export function openIntent(intent: Intent): void {
  useStudioStore.getState().wantPrompt(true);
  openStudio({ intent: intent.id });
}

export async function openRecent(id: string): Promise<void> {
  if (useProjectStore.getState().currentId !== id && !(await openProject(id))) return;
  show('canvas');
}

const stem = (name: string) => name.replace(/\.[a-z0-9]+$/i, '').trim().slice(0, 200) || currentText().t('start.untitled');

async function newWithPicture(name: string, picture: ImageRef | null): Promise<boolean> {
  // The picture goes in with the new project, so it is saved from the first moment.
  const created = await createProject(name, { ...emptyDocument(DEFAULT_CANVAS_ENDPOINT), base: picture });
  if (created) show('canvas');
  return created;
}

export const newEmptyProject = () => newWithPicture(currentText().t('start.untitled'), null);

/** A new project whose picture is the file; answers why not (in the language on screen) when the file is not an image. */
export async function newProjectFromFile(file: File): Promise<Saying | null> {
  const { assets, problems } = await importFiles([file]);
  const asset = assets[0];
  if (!asset) return problems.length ? (text) => text.t('start.noProjectMade', { problem: together(problems)(text) }) : saying('start.fileUnreadable', { name: file.name });
  return (await newWithPicture(stem(file.name), imageRefOf(asset))) ? null : saying('start.projectNotMade');
}

/** A new project whose picture is a library result. */
export async function newProjectFromResult(resultId: string, name: string): Promise<Saying | null> {
  const stored = await gen.assets.fromLibrary({ resultId });
  if (!stored.ok) {
    const { error } = stored;
    return (text) => text.t('start.noProjectMade', { problem: sayTold(text, error) });
  }
  remember(stored.value);
  return (await newWithPicture(stem(name), imageRefOf(stored.value))) ? null : saying('start.projectNotMade');
}
