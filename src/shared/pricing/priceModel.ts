import type { EndpointSpec } from '../catalog/endpoint';
import { listPrice, type ListPrice } from './priceList';
import { round2, type Usage } from './usage';

/** A request this key was charged for, with what it was priced on. */
export interface PricedRun {
  readonly cost: number;
  readonly usage: Usage;
  /** when the service accepted it: the newest runs speak for the price */
  readonly at: number;
}

type PriceBasis = 'runs' | 'list' | 'unknown';

export interface PriceEstimate {
  /** credits for one request; null while nothing prices this model */
  readonly cost: number | null;
  readonly basis: PriceBasis;
  /** how many of this key's runs the estimate rests on (0 unless `basis` is `runs`) */
  readonly runs: number;
}

/** The newest runs of a model that an estimate rests on: enough to average out, few enough to follow a price change. */
export const RUNS_CONSIDERED = 12;

/**
 * How a model's price is built, as two parts: one that does not grow with the request (a first megapixel, a flat
 * price per image) and one that does (further output megapixels, input megapixels, seconds of video). From the
 * public list where it names the model (or the base of a finetuned one); otherwise by kind: a video by its seconds times its frame's megapixels,
 * a tool by a flat first megapixel and its further ones, any other model by a flat part and its output megapixels (input megapixels at half their rate).
 */
function priceParts(endpoint: EndpointSpec, usage: Usage): { fixed: number; growing: number } {
  // A finetuned model is not on the list, but it is priced the way its base model is.
  const listed = listPrice(endpoint.id) ?? (endpoint.finetuneOf ? listPrice(endpoint.finetuneOf) : undefined);
  if (listed) return listParts(listed, usage);
  if (endpoint.kind === 'video' || usage.seconds > 0) return { fixed: 0, growing: usage.seconds * usage.outputMp };
  // A tool's picture out is the picture it is sent (deblur, erase) or one of a size it is told (outpainting): priced
  // the way the service prices pictures by size, a first megapixel flat and each further one at half that (the
  // list's own guess for the second generation), the picture sent not counted a second time. So one run of a small
  // picture prices a large one near what it costs, and runs of two sizes past a megapixel tell both parts apart.
  if (endpoint.kind === 'tool') return { fixed: 1, growing: Math.max(0, usage.outputMp - 1) / 2 };
  // Input images count too, as on every listed model that takes them: at half an output megapixel's rate.
  return { fixed: 1, growing: usage.outputMp + usage.inputMp / 2 };
}

function listParts(p: ListPrice, usage: Usage): { fixed: number; growing: number } {
  if (p.kind === 'per-image') return { fixed: p.perImage, growing: 0 };
  return { fixed: p.firstMp, growing: p.furtherMp * Math.max(0, usage.outputMp - 1) + p.inputMp * usage.inputMp };
}

/**
 * What one request to `endpoint` at `usage` is expected to cost. With runs of this key (newest first; only the
 * first RUNS_CONSIDERED count), from what they were charged: the flat and growing parts are fitted to them when
 * they differ enough in size to tell the two apart, else the model's shape is scaled to them. Without runs, the
 * public price list; without either, unknown.
 */
export function estimatePrice(endpoint: EndpointSpec, usage: Usage, runs: readonly PricedRun[]): PriceEstimate {
  const recent = [...runs].sort((a, b) => b.at - a.at).slice(0, RUNS_CONSIDERED);
  const here = priceParts(endpoint, usage);
  if (recent.length > 0) {
    const parts = recent.map((r) => ({ ...priceParts(endpoint, r.usage), cost: r.cost }));
    const fit = fitParts(parts);
    const cost = fit ? fit.a * here.fixed + fit.b * here.growing : scaled(parts, here);
    return { cost: round2(Math.max(0, cost)), basis: 'runs', runs: recent.length };
  }
  if (listPrice(endpoint.id)) return { cost: round2(here.fixed + here.growing), basis: 'list', runs: 0 };
  return { cost: null, basis: 'unknown', runs: 0 };
}

type Observed = { fixed: number; growing: number; cost: number };

/** The model's shape times one factor: what the runs cost against what the shape says they would. */
function scaled(parts: readonly Observed[], here: { fixed: number; growing: number }): number {
  const shape = parts.reduce((s, p) => s + p.fixed + p.growing, 0);
  const paid = parts.reduce((s, p) => s + p.cost, 0);
  const factor = shape > 0 ? paid / shape : 0;
  if (factor > 0) return factor * (here.fixed + here.growing);
  // A shape of nothing (no length, no size): the runs' own average is the best word there is.
  return paid / parts.length;
}

/**
 * cost ≈ a·fixed + b·growing by least squares, when the runs differ enough in their growing part for the two to
 * be told apart and both come out as prices (not negative); undefined otherwise.
 */
function fitParts(parts: readonly Observed[]): { a: number; b: number } | undefined {
  if (parts.length < 2) return undefined;
  let ff = 0, fg = 0, gg = 0, fc = 0, gc = 0;
  for (const p of parts) {
    ff += p.fixed * p.fixed;
    fg += p.fixed * p.growing;
    gg += p.growing * p.growing;
    fc += p.fixed * p.cost;
    gc += p.growing * p.cost;
  }
  const det = ff * gg - fg * fg;
  // Nearly proportional parts (every run the same size, or a model with no flat part) cannot be split.
  if (ff === 0 || gg === 0 || det <= 1e-6 * ff * gg) return undefined;
  const a = (fc * gg - gc * fg) / det;
  const b = (gc * ff - fc * fg) / det;
  return a >= 0 && b >= 0 ? { a, b } : undefined;
}

/** The estimate's basis in the artist's words. */
export function basisWords(e: PriceEstimate): string {
  if (e.basis === 'runs') return e.runs === 1 ? 'from your last run of this model' : `from your last ${e.runs} runs of this model`;
  if (e.basis === 'list') return 'from the public price list';
  return 'unknown until sent';
}
