import type { EndpointSpec } from '../../shared/catalog/endpoint';

/**
 * What the sandbox charges, in credits: its own table, built from the service's public price list (field notes,
 * Prices) and kept apart from the app's price model (src/shared/pricing), which the e2e price walk compares
 * against it. As the service does: first-generation models per image; second-generation ones a first megapixel
 * at a flat rate, then more per further megapixel of output, and input images count too. The list gives only
 * starting prices: the further and input rates here are the sandbox's own choice, as are the prices of what the
 * list leaves out (pro-1.1 ultra, the third generation, video, the tools). docs/sandbox.md shows this table; a test keeps the
 * two equal.
 *
 * cost = per request + first MP (any output) + per further MP × (output_mp − 1, from 0) + per input MP × input_mp
 *        + per second·MP × seconds × output_mp
 */
export interface Price {
  readonly perRequest: number;
  readonly firstMp: number;
  readonly furtherMp: number;
  readonly perInputMp: number;
  /** Video: per second of output, per megapixel of frame. */
  readonly perSecondMp: number;
}

const perImage = (credits: number): Price => ({ perRequest: credits, firstMp: 0, furtherMp: 0, perInputMp: 0, perSecondMp: 0 });
const byMegapixel = (firstMp: number, furtherMp: number, perInputMp: number, perRequest = 0): Price => ({ perRequest, firstMp, furtherMp, perInputMp, perSecondMp: 0 });
const perSecondMp = (credits: number): Price => ({ perRequest: 0, firstMp: 0, furtherMp: 0, perInputMp: 0, perSecondMp: credits });

/** By catalog id. `-finetuned` endpoints are billed at their base endpoint's rate (public beta). */
export const PRICES: Readonly<Record<string, Price>> = {
  'gen-dev': perImage(2.5),
  'gen-pro-1.1': perImage(4),
  'gen-pro-1.1-ultra': perImage(6),
  'gen-ctx-max': perImage(8),
  'gen-ctx-pro': perImage(4),
  'gen-pro-1.0-fill': perImage(5),
  'gen-pro-1.0-expand': perImage(5),
  'gen-2-flex': byMegapixel(5, 2, 3),
  'gen-2-klein-9b-preview': byMegapixel(1.5, 0.6, 0.9),
  'gen-2-pro-preview': byMegapixel(3, 1.2, 1.5),
  'gen-2-pro': byMegapixel(3, 1.2, 1.5),
  'gen-2-max': byMegapixel(7, 3, 3.5),
  'gen-2-klein-4b': byMegapixel(1.4, 0.6, 0.8),
  'gen-2-klein-9b': byMegapixel(1.5, 0.6, 0.9),
  'gen-3-image': byMegapixel(3, 3, 1, 2),
  'gen-3-video': perSecondMp(3),
  'vto-v2': perImage(7),
  'vto-v1': perImage(5),
  'deblur-v1': byMegapixel(1, 1, 0, 2),
  'erase-v1': byMegapixel(1, 1, 0, 2),
  'outpainting-v1': byMegapixel(2, 2, 0, 2),
  'video-upscale-v1': perSecondMp(1.5),
};

export function priceOf(endpoint: EndpointSpec): Price | undefined {
  return PRICES[endpoint.finetuneOf ?? endpoint.id];
}

export interface Usage {
  readonly inputMp: number;
  readonly outputMp: number;
  /** Seconds of video produced; 0 for images. */
  readonly seconds: number;
}

export const round2 = (n: number): number => Math.round(n * 100) / 100;

export function costOf(endpoint: EndpointSpec, usage: Usage): number {
  const p = priceOf(endpoint);
  if (!p) return 0;
  const first = usage.outputMp > 0 ? p.firstMp : 0;
  const further = p.furtherMp * Math.max(0, usage.outputMp - 1);
  return round2(p.perRequest + first + further + p.perInputMp * usage.inputMp + p.perSecondMp * usage.seconds * usage.outputMp);
}
