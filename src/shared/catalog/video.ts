/** Facts about the video model, stated by the interface document unless marked inferred. */

export const VIDEO_FPS = 24;

export const VIDEO_MODES = ['t2v', 'i2v', 'v2v', 'draft_enhance'] as const;
export type VideoMode = (typeof VIDEO_MODES)[number];

/** Longest clip per mode, in seconds (v2v was lowered to 15). */
export const VIDEO_MAX_SECONDS: Readonly<Record<VideoMode, number>> = {
  t2v: 20,
  i2v: 20,
  v2v: 15,
  draft_enhance: 20,
};

export const VIDEO_KEYFRAMES = { min: 1, max: 10 } as const;

export const VIDEO_RESOLUTIONS = ['hd', 'fhd', 'qhd', 'uhd'] as const;
export type VideoResolution = (typeof VIDEO_RESOLUTIONS)[number];

export interface VideoFrameSize {
  readonly width: number;
  readonly height: number;
  readonly inferred?: string;
}

/** Pixel sizes at 16:9. The document gives fhd, qhd and uhd; hd follows their rounding of height up to 32. */
export const VIDEO_FRAME_SIZES: Readonly<Record<VideoResolution, VideoFrameSize>> = {
  hd: {
    width: 1280,
    height: 736,
    inferred: 'the document gives no size for hd; 720 rounded up to a multiple of 32, as fhd (1088) and uhd (2176) are',
  },
  fhd: { width: 1920, height: 1088 },
  qhd: { width: 2560, height: 1440 },
  uhd: { width: 3840, height: 2176 },
};

/** A draft is asked for at hd (quick and cheap); enhancing it (“Make final”) renders at the resolution then asked. */
export const VIDEO_DRAFT_RESOLUTION: VideoResolution = 'hd';

export const VIDEO_UPSCALE_SOURCE = {
  maxSeconds: 20,
  maxBytes: 50 * 1000 * 1000,
  maxWidth: 2560,
  maxHeight: 1440,
  /** Output is capped near this many megapixels per frame. */
  maxOutputMegapixels: 14.4,
} as const;

/** The upscaling factor the service uses when none is given (the catalog's field leaves it to the service). */
export const VIDEO_UPSCALE_DEFAULT_FACTOR = 2;

export interface UpscaledFrame {
  readonly width: number;
  readonly height: number;
  /** the factor would have gone past the per-frame cap, so the frame was made smaller (same shape) */
  readonly capped: boolean;
}

/**
 * The frame size video upscaling produces: the source times the factor, capped near 14.4 MP per frame as the
 * service does (the scale drops until the frame fits, keeping the shape), both edges even as H.264 needs.
 * One function for the panel's readout, the cost estimate and the Sandbox's clip.
 */
export function upscaledFrameSize(source: { readonly width: number; readonly height: number }, factor: number = VIDEO_UPSCALE_DEFAULT_FACTOR): UpscaledFrame {
  const cap = Math.sqrt((VIDEO_UPSCALE_SOURCE.maxOutputMegapixels * 1e6) / (source.width * source.height));
  const scale = Math.min(factor, cap);
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
  return { width: even(source.width * scale), height: even(source.height * scale), capped: cap < factor };
}
