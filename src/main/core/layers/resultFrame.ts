import { findEndpoint } from '../../../shared/catalog/catalog';
import { canvasUse } from '../../../shared/canvas/request';
import type { LibraryItem } from '../../../shared/ipc/contract';
import type { LayerSources, SourcePicture } from './buildLayered';

type Input = LibraryItem['inputs'][number];
const isStored = (i: Input) => /^[a-f0-9]{64}$/.test(i.assetId) && i.time === undefined;
const numberParam = (params: LibraryItem['params'], name: string) => (typeof params[name] === 'number' ? params[name] : 0);

/**
 * Which of a task's recorded inputs is the picture it worked on, which its mask and which its references, read
 * with the catalog's roles as the studio's request wrote them (canvasRequest). A model without a picture field of
 * its own took the picture as its first reference; an endpoint the catalog no longer knows keeps its first input
 * as the picture and the rest as references.
 */
export function rolesOf(item: LibraryItem) {
  const endpoint = findEndpoint(item.endpointId);
  const use = endpoint ? canvasUse(endpoint) : null;
  const stored = item.inputs.filter(isStored);
  const mask = stored.find((i) => i.field === use?.maskField || (!use && /mask/i.test(i.field))) ?? null;
  const others = stored.filter((i) => i !== mask);
  const picture = others.find((i) => i.field === use?.imageField) ?? others[0] ?? null;
  return { use, picture, mask, references: others.filter((i) => i !== picture) };
}

/** The expansion's margins or the outpainting frame the task sent, around a picture of this size. */
export function sentFrame(item: LibraryItem, picture: { width: number; height: number }): LayerSources['frame'] {
  const { use } = rolesOf(item);
  if (!use) return null;
  const p = item.params;
  if (use.outpaint && numberParam(p, 'width') > 0 && numberParam(p, 'height') > 0) {
    return { width: numberParam(p, 'width'), height: numberParam(p, 'height'), offsetX: numberParam(p, 'reference_offset_x'), offsetY: numberParam(p, 'reference_offset_y') };
  }
  const [top, bottom, left, right] = (['top', 'bottom', 'left', 'right'] as const).map((side) => (use.expandSides.includes(side) ? numberParam(p, side) : 0));
  if (top! + bottom! + left! + right! === 0) return null;
  return { width: picture.width + left! + right!, height: picture.height + top! + bottom!, offsetX: left!, offsetY: top! };
}

/**
 * A result as a layer, in the gallery's export and the studio's alike: a task that sent an expansion's margins
 * or an outpainting frame made the whole new document, so its result fills the frame from the top left while the
 * picture it worked on sits at the frame's offset; any other result sits where the picture does.
 */
export function resultLayer(item: LibraryItem | null, name: string, bytes: SourcePicture['bytes']): SourcePicture {
  const fills = item !== null && sentFrame(item, { width: 0, height: 0 }) !== null;
  return { name, bytes, ...(fills ? { at: { left: 0, top: 0 } } : {}) };
}
