import { VIDEO_FPS, VIDEO_FRAME_SIZES, type VideoMode, type VideoResolution } from '../catalog/video';
import type { MessageId } from '../i18n/catalog';
import { ENGLISH_TEXT, type AppText } from '../i18n/text';

/**
 * The video model's ideas in the artist's words, from the catalogs: its modes, its frame sizes, and a time in a
 * clip. Every screen that names them (the video panel, Make final, the timeline, the player, the form) asks here,
 * so a mode or a size is called the same everywhere in every language.
 */
const MODE_LABELS: Readonly<Record<VideoMode, MessageId>> = {
  t2v: 'video.mode.t2v',
  i2v: 'video.mode.i2v',
  v2v: 'video.mode.v2v',
  draft_enhance: 'video.mode.draftEnhance',
};

const MODE_ABOUT: Readonly<Record<VideoMode, MessageId>> = {
  t2v: 'video.mode.t2v.about',
  i2v: 'video.mode.i2v.about',
  v2v: 'video.mode.v2v.about',
  draft_enhance: 'video.mode.draftEnhance.about',
};

/** The service's size codes (hd, fhd…) say nothing to an artist: each is named as a screen size is. */
const SIZE_NAMES: Readonly<Record<VideoResolution, MessageId>> = {
  hd: 'video.size.hd',
  fhd: 'video.size.fhd',
  qhd: 'video.size.qhd',
  uhd: 'video.size.uhd',
};

/** "From keyframes" */
export const videoModeLabel = (mode: VideoMode, text: AppText = ENGLISH_TEXT): string => text.t(MODE_LABELS[mode]);

/** One line per mode: what the artist gets. */
export const videoModeAbout = (mode: VideoMode, text: AppText = ENGLISH_TEXT): string => text.t(MODE_ABOUT[mode]);

/** "Full HD" */
export const videoSizeName = (size: VideoResolution, text: AppText = ENGLISH_TEXT): string => text.t(SIZE_NAMES[size]);

/** "Full HD (1920 × 1088)" */
export function videoSizeWithPixels(size: VideoResolution, text: AppText = ENGLISH_TEXT): string {
  const { width, height } = VIDEO_FRAME_SIZES[size];
  return text.t('video.size.withPixels', { name: videoSizeName(size, text), width, height });
}

/** "2.50 s": a time in a clip, to the hundredth, as the timeline and the player show it. */
export const clipTimeText = (seconds: number, text: AppText = ENGLISH_TEXT): string => text.t('video.time', { seconds });

/** "2.50 s · frame 60": a frame of a clip, by its time and its number. */
export const clipFrameText = (frame: number, text: AppText = ENGLISH_TEXT): string => text.t('video.frame', { seconds: frame / VIDEO_FPS, frame });
