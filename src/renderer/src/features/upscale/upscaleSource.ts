import type { AssetInfo, LibraryItem } from '../../../../shared/ipc/contract';
import { MAX_BOXES, readMp4 } from '../../../../shared/media/mp4';
import { upscaleBytesProblem, upscaleSourceProblems, type UpscaleSourceFacts } from '../../../../shared/video/upscale';
import { gen } from '../../api';
import type { AppText } from '../../../../shared/i18n/text';
import { saying, toldSaying } from '../../ui/i18n/saying';
import { assetWithPoster } from '../player/posters';
import { useUpscaleStore, type UpscaleSource } from './upscaleStore';

const store = () => useUpscaleStore.getState();

/** The clip is not taken: why, one saying or one line per limit it breaks. */
function refuse(name: string, problem: (text: AppText) => string | readonly string[]): null {
  const problems = (text: AppText) => {
    const said = problem(text);
    return typeof said === 'string' ? [said] : said;
  };
  store().set({ refused: { name, problems }, checking: false });
  return null;
}

function take(source: UpscaleSource): UpscaleSource {
  store().set({ source, refused: null, checking: false, note: null });
  return source;
}

const sourceOf = (asset: AssetInfo, facts: UpscaleSourceFacts, from: UpscaleSource['from'], thumbnailUrl: string | null): UpscaleSource => ({
  assetId: asset.id,
  name: asset.name,
  url: asset.url,
  thumbnailUrl,
  from,
  ...facts,
});

/**
 * A clip from the artist's disk, checked against the source limits the moment it is chosen: its size from the
 * file before a byte is read, its frame size and length from its MP4 header. A clip that breaks a limit is not
 * stored and nothing is sent; the panel says which limit and by how much.
 */
export async function chooseFile(file: File): Promise<UpscaleSource | null> {
  store().set({ checking: true, refused: null, note: null });
  if (upscaleBytesProblem(file.size)) return refuse(file.name, (text) => upscaleBytesProblem(file.size, text) ?? '');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const reading = readMp4(bytes);
  if (reading.kind === 'too-complex') return refuse(file.name, saying('studio.upscale.tooComplex', { name: file.name, max: MAX_BOXES }));
  const info = reading.kind === 'mp4' ? reading.info : undefined;
  if (!info || !info.width || !info.height || !info.seconds) {
    return refuse(file.name, saying('studio.upscale.notMp4', { name: file.name }));
  }
  const facts = { bytes: file.size, width: info.width, height: info.height, seconds: info.seconds };
  if (upscaleSourceProblems(facts).length > 0) return refuse(file.name, (text) => upscaleSourceProblems(facts, text));
  const stored = await gen.assets.import({ name: file.name, bytes });
  if (!stored.ok) return refuse(file.name, toldSaying(stored.error));
  const source = take(sourceOf(stored.value, facts, 'file', stored.value.hasPoster ? stored.value.thumbnailUrl : null));
  // Its poster comes when the page is idle; the panel shows the clip itself until then.
  void assetWithPoster(stored.value).then((asset) => {
    const now = store().source;
    if (asset.hasPoster && now?.assetId === asset.id) store().set({ source: { ...now, thumbnailUrl: asset.thumbnailUrl } });
  });
  return source;
}

/** A previous result as the source, checked against the same limits from what the library knows of it. */
export async function chooseResult(item: LibraryItem): Promise<UpscaleSource | null> {
  store().set({ checking: true, refused: null, note: null });
  const name = item.fileName;
  if (!item.mime.startsWith('video/')) return refuse(name, saying('studio.upscale.resultNotVideo'));
  if (item.width === null || item.height === null || item.seconds === null) return refuse(name, saying('studio.upscale.noFacts'));
  const facts = { bytes: item.bytes, width: item.width, height: item.height, seconds: item.seconds };
  if (upscaleSourceProblems(facts).length > 0) return refuse(name, (text) => upscaleSourceProblems(facts, text));
  const stored = await gen.assets.fromLibrary({ resultId: item.id });
  if (!stored.ok) return refuse(name, toldSaying(stored.error));
  return take(sourceOf(stored.value, facts, 'result', item.thumbnailUrl));
}

/** A stored clip as the source (a reused upscale's), checked against the same limits from its asset facts. */
export async function takeAsUpscaleSource(asset: AssetInfo): Promise<UpscaleSource | null> {
  if (asset.kind !== 'video' || asset.seconds === null) return refuse(asset.name, saying('studio.upscale.notVideo'));
  const facts = { bytes: asset.bytes, width: asset.width, height: asset.height, seconds: asset.seconds };
  if (upscaleSourceProblems(facts).length > 0) return refuse(asset.name, (text) => upscaleSourceProblems(facts, text));
  return take(sourceOf(asset, facts, 'result', asset.hasPoster ? asset.thumbnailUrl : null));
}

export function clearSource(): void {
  store().set({ source: null, refused: null, note: null });
}
