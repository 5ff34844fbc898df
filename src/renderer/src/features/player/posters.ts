import { useEffect } from 'react';
import type { AssetInfo, LibraryItem } from '../../../../shared/ipc/contract';
import { seekTimeOf } from '../../../../shared/video/playhead';
import { gen } from '../../api';
import { useLibraryStore } from '../../store/libraryStore';
import { remember } from '../canvas/assets';
import { canvasBytes, drawFrame } from './frameCapture';

/** Posters are thumbnails: main keeps a small copy, so a larger drawing would only cost time. */
const POSTER_MAX_SIDE = 640;
/** Past a fade-in from black, where most clips show what they are about; a shorter clip gives its first frame. */
const POSTER_TIME = 0.5;

type PosterTarget = { readonly kind: 'result'; readonly id: string; readonly url: string } | { readonly kind: 'asset'; readonly id: string; readonly url: string };

const asked = new Set<string>();
let queue: Promise<void> = Promise.resolve();

const idle = () => new Promise<void>((resolve) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 2000 }) : setTimeout(resolve, 50)));

function once<K extends keyof HTMLMediaElementEventMap>(video: HTMLVideoElement, type: K): Promise<void> {
  return new Promise((resolve, reject) => {
    const ok = () => (off(), resolve());
    const bad = () => (off(), reject(new Error(video.error?.message || 'the clip could not be read')));
    const off = () => {
      video.removeEventListener(type, ok);
      video.removeEventListener('error', bad);
    };
    video.addEventListener(type, ok);
    video.addEventListener('error', bad);
  });
}

/** Draws a clip's poster frame (0.5 s in, or the first frame) from a detached <video>, at most 640 px a side, as JPEG. */
async function drawPoster(url: string): Promise<Uint8Array> {
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'auto';
  try {
    const loaded = once(video, 'loadedmetadata');
    video.src = url;
    await loaded;
    const seeked = once(video, 'seeked');
    video.currentTime = video.duration > POSTER_TIME * 2 ? POSTER_TIME : seekTimeOf(0);
    await seeked;
    const scale = Math.min(1, POSTER_MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
    const canvas = drawFrame(video, Math.max(1, Math.round(video.videoWidth * scale)), Math.max(1, Math.round(video.videoHeight * scale)));
    return await canvasBytes(canvas, 'image/jpeg', 0.88);
  } finally {
    // Let the decoder go at once: a grid of clips must not hold one open each.
    video.removeAttribute('src');
    video.load();
  }
}

async function makePoster(target: PosterTarget): Promise<void> {
  const bytes = await drawPoster(target.url);
  if (target.kind === 'result') {
    const r = await gen.library.setPoster({ resultId: target.id, bytes });
    // library.updated tells every view too; the store takes it now in case this view asked before it listened.
    if (r.ok) useLibraryStore.setState((s) => ({ items: s.items.map((i) => (i.id === r.value.id ? r.value : i)) }));
  } else {
    const r = await gen.assets.setPoster({ id: target.id, bytes });
    if (r.ok) remember(r.value);
  }
}

/**
 * Asks for a clip's poster once per clip in this session, one clip at a time and when the page is idle, so a grid
 * of new clips never waits on it. A clip that cannot be drawn keeps its placeholder.
 */
function requestPoster(target: PosterTarget): Promise<void> {
  const key = `${target.kind}:${target.id}`;
  if (asked.has(key)) return queue;
  asked.add(key);
  queue = queue
    .then(idle)
    .then(() => makePoster(target))
    .catch(() => undefined);
  return queue;
}

/** A video result without a poster gets one, lazily: for the gallery's cards and the strip's tiles as they show. */
export function useResultPoster(item: Pick<LibraryItem, 'id' | 'url' | 'mime' | 'thumbnailUrl'> | null): void {
  const wanted = item !== null && item.mime.startsWith('video/') && !item.thumbnailUrl;
  const id = item?.id;
  const url = item?.url;
  useEffect(() => {
    if (wanted && id && url) void requestPoster({ kind: 'result', id, url });
  }, [wanted, id, url]);
}

/** A video asset (an upscale source, a timeline source) without a poster gets one; answers the asset once it has. */
export async function assetWithPoster(asset: AssetInfo): Promise<AssetInfo> {
  if (asset.kind !== 'video' || asset.hasPoster) return asset;
  await requestPoster({ kind: 'asset', id: asset.id, url: asset.url });
  const r = await gen.assets.get({ id: asset.id });
  return r.ok ? r.value : asset;
}
