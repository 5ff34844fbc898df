import type { ImageRef } from '../../../../shared/canvas/document';
import type { AssetInfo } from '../../../../shared/ipc/contract';
import { gen } from '../../api';

const known = new Map<string, Promise<AssetInfo | null>>();

/** What the store knows of an asset (its address above all), asked once per id. */
export function assetInfo(id: string): Promise<AssetInfo | null> {
  let found = known.get(id);
  if (!found) {
    found = gen.assets.get({ id }).then((r) => (r.ok ? r.value : null));
    known.set(id, found);
  }
  return found;
}

export const assetUrl = async (id: string) => (await assetInfo(id))?.url ?? null;

export function remember(asset: AssetInfo): void {
  known.set(asset.id, Promise.resolve(asset));
}

export const imageRefOf = (asset: AssetInfo): ImageRef => ({ assetId: asset.id, name: asset.name.slice(0, 512), width: asset.width, height: asset.height });

/** Reads files the user dropped, pasted or opened into the asset store; refusals come back as messages. */
export async function importFiles(files: readonly File[]): Promise<{ assets: AssetInfo[]; problems: string[] }> {
  const assets: AssetInfo[] = [];
  const problems: string[] = [];
  for (const file of files) {
    if (file.type && !file.type.startsWith('image/')) {
      problems.push(`${file.name} is not an image (${file.type}).`);
      continue;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const result = await gen.assets.import({ name: file.name || 'pasted image.png', bytes });
    if (result.ok) {
      remember(result.value);
      assets.push(result.value);
    } else {
      problems.push(`${file.name || 'The pasted image'}: ${result.error.message}`);
    }
  }
  return { assets, problems };
}
