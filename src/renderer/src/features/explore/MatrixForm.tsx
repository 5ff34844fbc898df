import { useEffect, useRef, useState } from 'react';
import { exploreModels, MAX_SEEDS, MAX_SWEEP_STEPS, sweepableFields, unsweepableReasons, type MatrixSpec } from '../../../../shared/explore/matrix';
import { MAX_SEED } from '../../../../shared/studio/variations';
import type { MatrixQuote } from '../../../../shared/ipc/contract';
import { sayCapRefusal } from '../../../../shared/spending/capRefusalSaid';
import { Button } from '../../ui/Button';
import { NumberField } from '../../ui/NumberField';
import type { MessageId } from '../../../../shared/i18n/catalog';
import type { AppText } from '../../../../shared/i18n/text';
import { useText } from '../../ui/i18n/textStore';

/** Sizes every offered model accepts (multiples of 32 within 256–1440). */
const SIZES: ReadonlyArray<{ words: MessageId; size: MatrixSpec['size'] }> = [
  { words: 'explore.size.own', size: null },
  { words: 'explore.size.square', size: { width: 512, height: 512 } },
  { words: 'explore.size.square', size: { width: 768, height: 768 } },
  { words: 'explore.size.square', size: { width: 1024, height: 1024 } },
  { words: 'explore.size.landscape', size: { width: 1024, height: 768 } },
  { words: 'explore.size.portrait', size: { width: 768, height: 1024 } },
];

/** Pixel sizes are written as they are, without a thousands separator. */
const sizeWords = (s: (typeof SIZES)[number], text: AppText): string => text.t(s.words, s.size ? { width: String(s.size.width), height: String(s.size.height) } : undefined);

/** "Guidance: Gen 2 Klein 4B has no guidance", the models listed as the language lists them. */
const cannotWords = (c: { field: string; lacking: readonly string[] }, text: AppText): string =>
  text.t('explore.cannot.reason', {
    field: text.t('explore.fieldTitle', { field: c.field }),
    fieldInText: text.t('explore.field', { field: c.field }),
    models: new Intl.ListFormat(text.locale, { type: 'conjunction' }).format(c.lacking),
    count: c.lacking.length,
  });

export interface PlanSummary {
  readonly rows: number;
  readonly columns: number;
  readonly cells: number;
}

/** Where the artist writes the prompt with its choices and picks models, seeds and one value to vary. */
export function MatrixForm(props: {
  draft: MatrixSpec;
  problem: string | null;
  summary: PlanSummary | null;
  quote: MatrixQuote | null;
  busy: boolean;
  onChange: (patch: Partial<MatrixSpec>) => void;
  onGenerate: () => void;
}) {
  const { draft, onChange, summary, quote, problem } = props;
  const text = useText();
  const models = exploreModels();
  const [prompt, setPrompt] = useState(draft.prompt);
  // Typing is kept here and handed on a moment later, so each key does not plan and price the matrix again.
  useEffect(() => {
    if (prompt === draft.prompt) return;
    const t = setTimeout(() => onChange({ prompt }), 150);
    return () => clearTimeout(t);
  }, [prompt, draft.prompt, onChange]);
  // Leaving the screen within that moment still hands the typing on, so coming back finds the prompt as typed.
  const unsent = useRef<(() => void) | null>(null);
  useEffect(() => {
    unsent.current = prompt === draft.prompt ? null : () => onChange({ prompt });
  }, [prompt, draft.prompt, onChange]);
  useEffect(() => () => unsent.current?.(), []);

  const toggleModel = (id: string, on: boolean) => {
    const next = on ? [...draft.models, id] : draft.models.filter((m) => m !== id);
    const still = draft.sweep && sweepableFields(next).some((f) => f.name === draft.sweep!.field);
    onChange({ models: next, ...(still ? {} : { sweep: null }) });
  };

  const refusal = quote?.refusal ? sayCapRefusal(text, quote.refusal) : null;
  const canGenerate = !props.busy && !problem && summary !== null && summary.cells > 0 && !refusal && prompt === draft.prompt;
  return (
    <form
      className="tool-form"
      aria-label={text.t('explore.form')}
      onSubmit={(e) => {
        e.preventDefault();
        if (canGenerate) props.onGenerate();
      }}
    >
      <label className="tool-field">
        <span>{text.t('explore.prompt')}</span>
        <textarea translate="no" value={prompt} rows={4} placeholder={text.t('explore.prompt.example')} aria-describedby="explore-prompt-hint" onChange={(e) => setPrompt(e.target.value)} />
        <small id="explore-prompt-hint">{text.t('explore.prompt.hint')}</small>
      </label>

      <fieldset className="tool-field">
        <legend>{text.t('explore.models')}</legend>
        <div className="tool-choices">
          {models.map((m) => (
            <label key={m.id} className="tool-check">
              <input type="checkbox" checked={draft.models.includes(m.id)} onChange={(e) => toggleModel(m.id, e.target.checked)} />
              <span translate="no">{m.title}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <SeedsAndSize draft={draft} onChange={onChange} />

      <SweepFields draft={draft} onChange={onChange} />

      <div className="tool-go">
        <MatrixSummary problem={problem} summary={summary} quote={quote} />
        {refusal && (
          <p id="explore-refusal" className="tool-refusal" role="alert">
            {refusal}
          </p>
        )}
        <Button type="submit" variant="primary" disabled={!canGenerate} aria-describedby={[problem ? 'explore-problem' : null, refusal ? 'explore-refusal' : null].filter(Boolean).join(' ') || undefined}>
          {summary && summary.cells > 0 ? text.t('explore.generateCount', { count: summary.cells }) : text.t('explore.generate')}
        </Button>
      </div>
    </form>
  );
}


/** One value to vary across the columns (guidance, steps, a finetune's strength), and its range. */
function SweepFields({ draft, onChange }: { draft: MatrixSpec; onChange: (patch: Partial<MatrixSpec>) => void }) {
  const sweepable = sweepableFields(draft.models);
  const sweepField = draft.sweep ? sweepable.find((f) => f.name === draft.sweep!.field) : undefined;
  const cannot = unsweepableReasons(draft.models);
  const text = useText();
  const chooseSweep = (name: string) => {
    const f = sweepable.find((x) => x.name === name);
    if (!f) return onChange({ sweep: null });
    const from = f.min ?? 0;
    const to = f.max ?? from + 10;
    onChange({ sweep: { field: f.name, from, to, steps: 4 } });
  };
  return (
    <>
      <label className="tool-field">
        <span>{text.t('explore.vary')}</span>
        <select value={draft.sweep?.field ?? ''} aria-describedby={cannot.length > 0 ? 'explore-cannot' : undefined} onChange={(e) => chooseSweep(e.target.value)} disabled={sweepable.length === 0}>
          <option value="">{text.t('explore.vary.nothing')}</option>
          {sweepable.map((f) => (
            <option key={f.name} value={f.name}>
              {text.t('explore.field', { field: f.name })}
            </option>
          ))}
        </select>
      </label>
      {cannot.length > 0 && (
        <p id="explore-cannot" className="explore-cannot" aria-label={text.t('explore.cannot.label')}>
          {text.t('explore.cannot', { reasons: text.list(cannot.map((c) => cannotWords(c, text)), 'unit') })}
        </p>
      )}
      {draft.sweep && sweepField && (
        <div className="explore-row">
          <label className="tool-field">
            <span>{text.t('explore.from')}</span>
            <NumberField label={text.t('explore.from')} value={draft.sweep.from} integer={sweepField.integer} min={sweepField.min} max={sweepField.max} onCommit={(from) => onChange({ sweep: { ...draft.sweep!, from } })} />
          </label>
          <label className="tool-field">
            <span>{text.t('explore.to')}</span>
            <NumberField label={text.t('explore.to')} value={draft.sweep.to} integer={sweepField.integer} min={sweepField.min} max={sweepField.max} onCommit={(to) => onChange({ sweep: { ...draft.sweep!, to } })} />
          </label>
          <label className="tool-field">
            <span>{text.t('explore.steps')}</span>
            <NumberField label={text.t('explore.steps')} value={draft.sweep.steps} min={2} max={MAX_SWEEP_STEPS} clamp={(n) => Math.min(MAX_SWEEP_STEPS, Math.max(2, n))} onCommit={(steps) => onChange({ sweep: { ...draft.sweep!, steps } })} />
          </label>
        </div>
      )}
    </>
  );
}

/** The grid's size and its price, or why it cannot be planned. */
function MatrixSummary({ problem, summary, quote }: { problem: string | null; summary: PlanSummary | null; quote: MatrixQuote | null }) {
  const text = useText();
  const total = quote ? text.credits(quote.total) : '';
  const price = !quote || !summary ? null : quote.unpriced === summary.cells ? text.t('explore.summary.unpriced') : quote.unpriced ? text.t('explore.summary.aboutSome', { total, count: quote.unpriced }) : text.t('explore.summary.about', { total });
  return (
    <div className="tool-summary" role="status" aria-label={text.t('explore.summary.label')}>
      {problem ? (
        <span id="explore-problem" className="tool-problem">
          {problem}
        </span>
      ) : summary ? (
        <>
          <strong>{text.t('explore.summary.size', { rows: summary.rows, columns: summary.columns, count: summary.cells })}</strong>
          {price && <span>{price}</span>}
        </>
      ) : null}
    </div>
  );
}


/** How many seeds from which first one, and the size every model makes. */
function SeedsAndSize({ draft, onChange }: { draft: MatrixSpec; onChange: (patch: Partial<MatrixSpec>) => void }) {
  const text = useText();
  const sizeIndex = Math.max(0, SIZES.findIndex((s) => JSON.stringify(s.size) === JSON.stringify(draft.size)));
  return (
    <>
      <div className="explore-row">
        <label className="tool-field">
          <span>{text.t('explore.seeds')}</span>
          <NumberField label={text.t('explore.seeds')} value={draft.seeds} min={1} max={MAX_SEEDS} clamp={(n) => Math.min(MAX_SEEDS, Math.max(1, n))} onCommit={(seeds) => onChange({ seeds })} />
        </label>
        <label className="tool-field">
          <span>{text.t('explore.firstSeed')}</span>
          <NumberField label={text.t('explore.firstSeed')} value={draft.firstSeed} min={0} max={MAX_SEED} clamp={(n) => Math.min(MAX_SEED, Math.max(0, n))} onCommit={(firstSeed) => onChange({ firstSeed })} />
        </label>
      </div>

      <label className="tool-field">
        <span>{text.t('explore.size')}</span>
        <select value={sizeIndex} onChange={(e) => onChange({ size: SIZES[Number(e.target.value)]!.size })}>
          {SIZES.map((s, i) => (
            <option key={i} value={i}>
              {sizeWords(s, text)}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
