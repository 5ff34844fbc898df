import { z } from 'zod';
import { findEndpoint } from '../catalog/catalog';
import type { EndpointSpec } from '../catalog/endpoint';
import type { FieldSpec, JsonValue } from '../catalog/field';
import { getIntent, intentModels } from '../studio/intents';
import { MAX_SEED, takesSeed } from '../studio/variations';
import { problemOf, type Problem } from '../i18n/problem';
import { words, type Words } from '../i18n/words';
import { countReadings, parsePrompt, promptRows } from './promptReadings';

/** A matrix's id, the one schema for it: in every call about a matrix and in its file, whose name it is. */
export const MATRIX_ID_PREFIX = 'mx-';
export const MatrixIdSchema = z.string().regex(new RegExp(`^${MATRIX_ID_PREFIX}[0-9a-f-]{36}$`));

/** A matrix bigger than this is refused when planned: a sheet the artist can still read, and a bounded bill. */
export const MAX_CELLS = 1000;
const MAX_MODELS = 6;
export const MAX_SEEDS = 16;
export const MAX_SWEEP_STEPS = 10;
const MAX_PROMPT_LENGTH = 4000;

const SweepSchema = z.object({
  field: z.string().min(1).max(100),
  from: z.number().finite(),
  to: z.number().finite(),
  steps: z.number().int().min(2).max(MAX_SWEEP_STEPS),
});
export type Sweep = z.infer<typeof SweepSchema>;

/** What the artist asks for: one prompt with alternatives, the models, how many seeds, and one value swept. */
export const MatrixSpecSchema = z.object({
  prompt: z.string().min(1).max(MAX_PROMPT_LENGTH),
  models: z.array(z.string().min(1).max(100)).min(1).max(MAX_MODELS),
  seeds: z.number().int().min(1).max(MAX_SEEDS),
  /** the first seed; the others follow it, one apart */
  firstSeed: z.number().int().min(0).max(MAX_SEED),
  /** sent to the models that take a width and height; null leaves each model's own default */
  size: z.object({ width: z.number().int().min(64).max(4096), height: z.number().int().min(64).max(4096) }).nullable(),
  sweep: SweepSchema.nullable(),
});
export type MatrixSpec = z.infer<typeof MatrixSpecSchema>;

/** One picture of the matrix: where it sits on the sheet and the request that makes it. */
interface MatrixCell {
  readonly index: number;
  readonly row: number;
  readonly column: number;
  readonly endpointId: string;
  readonly params: Record<string, JsonValue>;
}

interface MatrixColumn {
  readonly endpointId: string;
  readonly modelTitle: string;
  readonly seed: number | null;
  readonly sweepValue: number | null;
  /** in words: "Dev · guidance 3 · seed 42" */
  readonly label: string;
}

export interface MatrixPlan {
  /** each row is one way of reading the prompt: its label names the alternatives chosen */
  readonly rows: ReadonlyArray<{ readonly prompt: string; readonly label: string }>;
  readonly columns: readonly MatrixColumn[];
  readonly cells: readonly MatrixCell[];
  /** the field varied across the columns, and whether the columns differ by seed: what a column's label names */
  readonly sweepField: string | null;
  readonly manySeeds: boolean;
}

export type PlanResult = { readonly ok: true; readonly plan: MatrixPlan } | Problem;

/** The values a sweep takes, evenly spaced from `from` to `to`; whole numbers for a whole-number field. */
export function sweepValues(sweep: Sweep, integer: boolean): number[] {
  const values = Array.from({ length: sweep.steps }, (_, i) => sweep.from + ((sweep.to - sweep.from) * i) / (sweep.steps - 1));
  return values.map((v) => (integer ? Math.round(v) : Math.round(v * 1000) / 1000));
}

/** The models Explore offers: Create's, those that need nothing beyond a prompt (no pictures, no finetune). */
export function exploreModels(): EndpointSpec[] {
  const create = getIntent('create');
  if (!create) return [];
  return intentModels(create).filter((e) => e.kind !== 'video' && e.fields.every((f) => !f.required || f.role === 'prompt'));
}

/** A value a sweep could vary: a number, never the seed (seeds have their own count) nor the picture's size. */
const isVariable = (f: FieldSpec): boolean => (f.type === 'number' || f.type === 'integer') && f.role !== 'seed' && f.role !== 'size' && f.name !== 'width' && f.name !== 'height';

const endpointsOf = (endpointIds: readonly string[]) => endpointIds.map((id) => findEndpoint(id)).filter((e): e is EndpointSpec => e !== undefined);

/** The numeric fields every chosen model takes, which one sweep may vary (never the seed: seeds have their own count). */
export function sweepableFields(endpointIds: readonly string[]): Array<{ name: string; integer: boolean; min?: number; max?: number }> {
  const endpoints = endpointsOf(endpointIds);
  if (endpoints.length === 0) return [];
  const out: Array<{ name: string; integer: boolean; min?: number; max?: number }> = [];
  for (const f of endpoints[0]!.fields) {
    if (!isVariable(f)) continue;
    const all = endpoints.map((e) => e.fields.find((g) => g.name === f.name));
    if (!all.every((g) => g && (g.type === 'number' || g.type === 'integer'))) continue;
    const mins = all.map((g) => (g && 'min' in g ? g.min : undefined)).filter((v): v is number => v !== undefined);
    const maxs = all.map((g) => (g && 'max' in g ? g.max : undefined)).filter((v): v is number => v !== undefined);
    out.push({
      name: f.name,
      integer: all.every((g) => g!.type === 'integer'),
      ...(mins.length ? { min: Math.max(...mins) } : {}),
      ...(maxs.length ? { max: Math.min(...maxs) } : {}),
    });
  }
  return out;
}

/** A value one of the chosen models could vary but the others lack: the field, and the models without it. */
export interface Unsweepable {
  readonly field: string;
  readonly lacking: readonly string[];
}

/**
 * The values one of the chosen models could vary but not all of them take, and which models lack each, from the
 * catalog (guidance: Gen 2 Klein 4B). Shown beside the Vary list, so a shorter list is explained.
 */
export function unsweepableReasons(endpointIds: readonly string[]): Unsweepable[] {
  const endpoints = endpointsOf(endpointIds);
  const offered = new Set(sweepableFields(endpointIds).map((f) => f.name));
  const names = [...new Set(endpoints.flatMap((e) => e.fields.filter(isVariable).map((f) => f.name)))].filter((n) => !offered.has(n));
  return names.map((field) => ({ field, lacking: endpoints.filter((e) => !e.fields.some((g) => g.name === field && isVariable(g))).map((e) => e.title) }));
}

/** A field's name as an artist reads it: `safety_tolerance` → "safety tolerance". */
export const fieldWords = (name: string): string => name.replace(/_/g, ' ');

const numberWords = (n: number): string => String(Math.round(n * 1000) / 1000);

/**
 * The whole matrix, cell by cell: rows are the prompt's readings, columns each model × swept value × seed.
 * Pure and deterministic, so main plans the very cells the renderer priced, and a restart plans them again.
 */
export function planMatrix(spec: MatrixSpec): PlanResult {
  const parsed = parsePrompt(spec.prompt);
  if (!parsed.ok) return parsed;
  const offered = new Set(exploreModels().map((e) => e.id));
  const models: EndpointSpec[] = [];
  for (const id of spec.models) {
    const e = findEndpoint(id);
    if (!e || !offered.has(id)) return problemOf(words('explore.problem.promptOnly', { model: e?.title ?? id }));
    if (!models.includes(e)) models.push(e);
  }
  let values: Array<number | null> = [null];
  if (spec.sweep) {
    const field = sweepableFields(models.map((m) => m.id)).find((f) => f.name === spec.sweep!.field);
    if (!field) return problemOf(words('explore.problem.cannotVary', { field: fieldWords(spec.sweep.field) }));
    const lo = Math.min(spec.sweep.from, spec.sweep.to);
    const hi = Math.max(spec.sweep.from, spec.sweep.to);
    if ((field.min !== undefined && lo < field.min) || (field.max !== undefined && hi > field.max)) {
      return problemOf(words('explore.problem.range', { field: capitalised(fieldWords(field.name)), min: field.min ?? 'any', max: field.max ?? 'any' }));
    }
    values = [...new Set(sweepValues(spec.sweep, field.integer))];
  }
  const columns: MatrixColumn[] = [];
  for (const model of models) {
    const seeds = takesSeed(model) ? Array.from({ length: spec.seeds }, (_, i) => (spec.firstSeed + i) % (MAX_SEED + 1)) : [null];
    for (const value of values) {
      for (const seed of seeds) {
        const words = [model.title, value !== null && spec.sweep ? `${fieldWords(spec.sweep.field)} ${numberWords(value)}` : '', seed !== null && spec.seeds > 1 ? `seed ${seed}` : ''];
        columns.push({ endpointId: model.id, modelTitle: model.title, seed, sweepValue: value, label: words.filter(Boolean).join(' · ') });
      }
    }
  }
  // Counted before a reading is written out: Explore plans on every keystroke, and 22 groups of two choices
  // written out first took 38 s and 3.9 GB only to be refused.
  const readings = countReadings(parsed.parts);
  if (readings * columns.length > MAX_CELLS) return problemOf(tooBig(readings, columns.length));
  const rows = promptRows(parsed.parts);
  if (rows.some((r) => r.prompt === '')) return problemOf(words('explore.problem.emptyReading'));
  const cells: MatrixCell[] = [];
  rows.forEach((row, r) => {
    columns.forEach((col, c) => {
      const model = findEndpoint(col.endpointId)!;
      const params: Record<string, JsonValue> = { prompt: row.prompt };
      if (col.seed !== null) params.seed = col.seed;
      if (col.sweepValue !== null && spec.sweep) params[spec.sweep.field] = col.sweepValue;
      if (spec.size && model.fields.some((f) => f.name === 'width') && model.fields.some((f) => f.name === 'height')) {
        params.width = spec.size.width;
        params.height = spec.size.height;
      }
      cells.push({ index: r * columns.length + c, row: r, column: c, endpointId: col.endpointId, params });
    });
  });
  return { ok: true, plan: { rows, columns, cells, sweepField: spec.sweep?.field ?? null, manySeeds: spec.seeds > 1 } };
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Past this a count is no longer worth reading out digit by digit (and past 2^53 not even exact). */
const COUNT_SAID_EXACTLY = 1e12;
const amount = (count: number, what: 'pictures' | 'readings'): Words =>
  words('explore.problem.amount', { what, huge: count > COUNT_SAID_EXACTLY ? 'yes' : 'no', count: count > COUNT_SAID_EXACTLY ? 0 : count });

/** The refusal of a matrix over the limit: how many pictures it would be, where they come from, and the limit. */
function tooBig(readings: number, columns: number): Words {
  if (columns === 1) return words('explore.problem.tooBigOne', { pictures: amount(readings, 'pictures'), limit: MAX_CELLS });
  return words('explore.problem.tooBigMany', { pictures: amount(readings * columns, 'pictures'), readings: amount(readings, 'readings'), columns, limit: MAX_CELLS });
}
