import { findEndpoint } from '../../../../shared/catalog/catalog';
import type { JsonValue } from '../../../../shared/catalog/field';
import { promptOf } from '../../../../shared/studio/switching';
import { reuseDocument, reuseMessage, type ReusedInput } from '../../../../shared/studio/reuse';
import { reusedVariations } from '../../../../shared/studio/reusedVariations';
import { UPSCALE_ENDPOINT_ID } from '../../../../shared/video/upscale';
import type { AssetInfo, ExportFormat, LibraryItem } from '../../../../shared/ipc/contract';
import { gen } from '../../api';
import { useLibraryStore } from '../../store/libraryStore';
import { useGalleryView } from './galleryView';
import { useNavigationStore } from '../../store/navigationStore';
import { send } from '../../store/sendTasks';
import { addReferences, applyAsMask } from '../canvas/actions';
import { imageRefOf, remember } from '../canvas/assets';
import { useCanvasStore } from '../canvas/canvasStore';
import { useStudioStore } from '../../store/studioStore';
import { takeAsUpscaleSource } from '../upscale/upscaleSource';
import { useProjectStore } from '../canvas/project/projectStore';
import { rerunRequest, titleOf, variationRequest } from './galleryModel';
import { useHelpStore } from '../home/helpStore';
import { nextFreeFrame } from '../../../../shared/canvas/timeline';
import { pinAsKeyframe } from '../staging/frameActions';
import { sayNow, together, wordsSaying, type Saying } from '../../ui/i18n/saying';
import { currentText } from '../../ui/i18n/textStore';

/** What an action says back: shown under the gallery's header, or in the full view. */
export interface ActionNote {
  readonly kind: 'info' | 'error';
  readonly text: string;
  /** offered with the note (undo a delete) */
  readonly undo?: boolean;
}

/**
 * A note with the result it is about (null: about none, as a dropped file's parameters): a result's full view
 * shows only its own, so stepping to the next result leaves the note behind.
 */
export type ResultNote = ActionNote & { readonly about: string | null };

export interface ReuseSource {
  readonly endpointId: string;
  readonly params: Readonly<Record<string, JsonValue>>;
  readonly inputs: ReadonlyArray<{ readonly field: string; readonly assetId: string; readonly time?: number | undefined }>;
  /** the Generate it was one variation of (a gallery result); absent for a dropped file */
  readonly group?: { readonly id: string; readonly count: number } | null;
}

const show = (screen: string) => useNavigationStore.getState().show(screen);

/**
 * Shows the canvas and waits for its project to be open: the canvas opens the last project when it first
 * shows, which would replace anything put on it before.
 */
export async function openCanvas(): Promise<void> {
  show('canvas');
  if (useProjectStore.getState().currentId) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      off();
      clearTimeout(timer);
      resolve();
    };
    const off = useProjectStore.subscribe((s) => s.currentId && done());
    const timer = setTimeout(done, 5000);
  });
}

const isMac = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform);

/**
 * Opens the studio on the result's intent and model with every parameter of its request: the prompt, seed, sizes
 * and advanced fields, and its inputs where the studio keeps them (picture, mask, references, margins, frame,
 * boxes, keyframes, clip), and as many variations as its Generate made. What it replaces on the canvas is one undo
 * away, and the studio says so; inputs no longer stored are named.
 */
export async function reuseParameters(source: ReuseSource): Promise<ActionNote> {
  const endpoint = findEndpoint(source.endpointId);
  const { t } = currentText();
  if (!endpoint || endpoint.deprecated) return { kind: 'error', text: t('gallery.note.notOffered', { model: endpoint?.title ?? source.endpointId }) };
  const found = new Map<string, AssetInfo>();
  const inputs: ReusedInput[] = [];
  for (const input of source.inputs) {
    const asset = await gen.assets.get({ id: input.assetId });
    if (asset.ok) {
      remember(asset.value);
      found.set(asset.value.id, asset.value);
    }
    const a = asset.ok ? asset.value : null;
    inputs.push({ field: input.field, time: input.time, asset: a && { assetId: a.id, name: a.name, kind: a.kind, width: a.width, height: a.height, seconds: a.seconds } });
  }
  const known = new Set(endpoint.fields.map((f) => f.name));
  const values = Object.fromEntries(Object.entries(source.params).filter(([name]) => known.has(name)));
  const unknown = Object.keys(source.params).filter((n) => !known.has(n));

  await openCanvas();
  useHelpStore.getState().close();
  const before = useCanvasStore.getState().document;
  const reuse = reuseDocument(before, endpoint, values, inputs);
  // The picture first, as opening one does: a mask of another size is set aside with the old picture, and undo
  // brings both back.
  const base = reuse.document.base;
  if (base && base.assetId !== before.base?.assetId && !useCanvasStore.getState().setBase(base)) {
    return { kind: 'error', text: canvasSays() ?? t('gallery.note.notReplaced') };
  }
  // A picture no longer stored leaves the canvas without one (undo brings the old one back with its mask): the
  // picture shown before must not be the one the next Generate sends and is charged for.
  useCanvasStore.getState().change('Reuse parameters', (d) => ({ ...reuse.document, base: reuse.pictureMissing ? null : d.base }));
  const mask = reuse.maskAssetId ? found.get(reuse.maskAssetId) : undefined;
  if (mask) await applyAsMask(mask);
  const clip = endpoint.id === UPSCALE_ENDPOINT_ID ? inputs.find((i) => i.asset?.kind === 'video')?.asset : undefined;
  if (clip) await takeAsUpscaleSource(found.get(clip.assetId)!);
  const studio = useStudioStore.getState();
  studio.carry(promptOf(endpoint, reuse.document));
  // As many variations as the result's Generate made, not what the panel held; its seed is shown as pinned.
  const seed = reuse.document.formValues[endpoint.id]?.seed;
  studio.reused(endpoint.id, typeof seed === 'number' ? seed : null, reusedVariations(source.group));
  // Settings this model no longer has are a note of their own after the reuse's, each said in the language on screen.
  const leftOut: Saying[] = unknown.length > 0 ? [(text) => text.t('gallery.note.settingsLeftOut', { model: endpoint.title, names: text.list(unknown, 'and') })] : [];
  const said = together([wordsSaying(reuseMessage(endpoint.title, reuse, isMac)), ...leftOut]);
  const kind = reuse.missing.length > 0 || reuse.pictureMissing || leftOut.length > 0 ? 'error' : 'info';
  studio.say({ kind, text: said, about: endpoint.id });
  return { kind, text: sayNow(said) };
}

const failed = (text: string): ActionNote => ({ kind: 'error', text });

/** What the canvas just said (why it refused), said now: the gallery's notes keep text. */
function canvasSays(): string | null {
  const message = useCanvasStore.getState().message;
  return message ? sayNow(message.text) : null;
}

export async function rerunSameSeed(item: LibraryItem): Promise<ActionNote> {
  const sent = await send(rerunRequest(item), 1, item.projectId);
  return sent.ok ? { kind: 'info', text: currentText().t('gallery.note.rerun', { seed: String(item.seed ?? '') }) } : failed(sent.text);
}

/** Variations as one group (one stack in the gallery), checked against the spending caps as a whole first. */
export async function makeVariations(item: LibraryItem, count = 4): Promise<ActionNote> {
  const sent = await send(variationRequest(item), count, item.projectId);
  const text = currentText();
  return sent.ok ? { kind: 'info', text: text.t('gallery.note.variations', { count, model: titleOf(item, text) }) } : failed(sent.text);
}

async function asAsset(item: LibraryItem): Promise<AssetInfo | string> {
  const asset = await gen.assets.fromLibrary({ resultId: item.id });
  if (!asset.ok) return asset.error.message;
  remember(asset.value);
  return asset.value;
}

/** The result becomes the canvas's picture (to edit, fill or expand it next). */
export async function useAsPicture(item: LibraryItem): Promise<ActionNote> {
  const asset = await asAsset(item);
  if (typeof asset === 'string') return failed(asset);
  await openCanvas();
  if (!useCanvasStore.getState().setBase(imageRefOf(asset))) return failed(canvasSays() ?? currentText().t('gallery.note.canvasRefused'));
  return { kind: 'info', text: currentText().t('gallery.note.picture') };
}

/**
 * The result is pinned on the video timeline where the timeline's own shelf pins (the first frame, the last, else
 * the middle of the widest gap), never over a keyframe; the studio opens on the Video intent.
 */
export async function useAsKeyframe(item: LibraryItem): Promise<ActionNote> {
  const asset = await asAsset(item);
  if (typeof asset === 'string') return failed(asset);
  await openCanvas();
  return pinAsKeyframe(asset, nextFreeFrame(useCanvasStore.getState().document));
}

export async function useAsReference(item: LibraryItem): Promise<ActionNote> {
  const asset = await asAsset(item);
  if (typeof asset === 'string') return failed(asset);
  await openCanvas();
  const before = useCanvasStore.getState().document.references.length;
  addReferences([asset]);
  return useCanvasStore.getState().document.references.length > before
    ? { kind: 'info', text: currentText().t('gallery.note.reference') }
    : failed(canvasSays() ?? currentText().t('gallery.note.referenceRefused'));
}

export async function saveAs(item: LibraryItem, format: ExportFormat, quality: number): Promise<ActionNote> {
  const result = await gen.library.export({ id: item.id, format, quality });
  if (!result.ok) return failed(result.error.message);
  const { t } = currentText();
  if (!result.value.saved) return { kind: 'info', text: t('gallery.note.notSaved') };
  const { message } = result.value;
  const file = result.value.fileName ?? '';
  return { kind: 'info', text: message ? t('gallery.note.savedWithMessage', { file, message }) : t('gallery.note.saved', { file }) };
}

export async function copyImage(item: LibraryItem): Promise<ActionNote> {
  const result = await gen.library.copy({ id: item.id });
  return result.ok ? { kind: 'info', text: currentText().t('clipboard.copiedResult') } : failed(result.error.message);
}

export async function reveal(item: LibraryItem): Promise<ActionNote | null> {
  const result = await gen.library.reveal({ id: item.id });
  return result.ok ? null : failed(result.error.message);
}

export async function toggleStar(item: LibraryItem): Promise<ActionNote | null> {
  const result = await useLibraryStore.getState().mark(item.id, { starred: !item.starred });
  // Shown on its card and in the full view with the answer, not after the gallery's pages are asked again.
  if (result.ok) useGalleryView.getState().patch(result.value);
  return result.ok ? null : failed(result.error.message);
}

export async function deleteResult(item: LibraryItem): Promise<ActionNote> {
  const result = await useLibraryStore.getState().trash(item.id);
  const text = currentText();
  return result.ok ? { kind: 'info', text: text.t('gallery.note.deleted', { name: titleOf(item, text) }), undo: true } : failed(result.error.message);
}

export async function undoDelete(): Promise<ActionNote | null> {
  const result = await useLibraryStore.getState().undoTrash();
  if (!result) return null;
  return result.ok ? { kind: 'info', text: currentText().t('gallery.note.broughtBack') } : failed(result.error.message);
}

/** The native drag: main starts it with the result's file; the renderer only names the result. */
export function dragOut(item: LibraryItem): void {
  void gen.library.startDrag({ id: item.id });
}
