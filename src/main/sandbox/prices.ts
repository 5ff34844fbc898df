import type { EndpointSpec } from '../../shared/catalog/endpoint';

/**
 * What the sandbox charges, in credits. The interface document gives no prices, so these are the sandbox's
 * own, kept in the same ballpark as the real service so cost readouts and spending caps look plausible.
 * docs/sandbox.md shows this table; a test keeps the two equal.
 *
 * cost = perRequest + perOutputMp * output_mp + perInputMp * input_mp + perSecondMp * seconds * output_mp
 */
export interface Price {
  readonly perRequest: number;
  readonly perOutputMp: number;
  readonly perInputMp: number;
  /** Video: per second of output, per megapixel of frame. */
  readonly perSecondMp: number;
}

const price = (perRequest: number, perOutputMp: number, perInputMp = 0, perSecondMp = 0): Price => ({
  perRequest,
  perOutputMp,
  perInputMp,
  perSecondMp,
});

/** By catalog id. `-finetuned` endpoints are billed at their base endpoint's rate (public beta). */
export const PRICES: Readonly<Record<string, Price>> = {
  'gen-dev': price(1, 1.5),
  'gen-pro-1.1': price(2, 2),
  'gen-pro-1.1-ultra': price(2, 1),
  'gen-ctx-max': price(4, 4, 1),
  'gen-ctx-pro': price(2, 2, 1),
  'gen-pro-1.0-fill': price(3, 2),
  'gen-pro-1.0-expand': price(3, 2),
  'gen-2-flex': price(0, 6, 6),
  'gen-2-klein-9b-preview': price(0, 1.5, 1.5),
  'gen-2-pro-preview': price(0, 3, 1.5),
  'gen-2-pro': price(0, 3, 1.5),
  'gen-2-max': price(0, 7, 3),
  'gen-2-klein-4b': price(0, 1, 1),
  'gen-2-klein-9b': price(0, 1.5, 1.5),
  'gen-3-image': price(2, 3, 1),
  'gen-3-video': price(0, 0, 0, 3),
  'vto-v2': price(7, 0),
  'vto-v1': price(5, 0),
  'deblur-v1': price(2, 1),
  'erase-v1': price(2, 1),
  'outpainting-v1': price(2, 2),
  'video-upscale-v1': price(0, 0, 0, 1.5),
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
  return round2(p.perRequest + p.perOutputMp * usage.outputMp + p.perInputMp * usage.inputMp + p.perSecondMp * usage.seconds * usage.outputMp);
}
