import { useEffect, useRef, useState } from 'react';
import { exploreModels, fieldWords, MAX_SEEDS, MAX_SWEEP_STEPS, sweepableFields, unsweepableReasons, type MatrixSpec } from '../../../../shared/explore/matrix';
import { MAX_SEED } from '../../../../shared/studio/variations';
import type { MatrixQuote } from '../../../../shared/ipc/contract';
import { capRefusalWords } from '../../../../shared/spending/capRefusalWords';
import { Button } from '../../ui/Button';
import { NumberField } from '../../ui/NumberField';
import { creditsText } from '../../text/taskText';

/** Sizes every offered model accepts (multiples of 32 within 256–1440). */
const SIZES: ReadonlyArray<{ label: string; size: MatrixSpec['size'] }> = [
  { label: 'Each model’s own', size: null },
  { label: '512 × 512', size: { width: 512, height: 512 } },
  { label: '768 × 768', size: { width: 768, height: 768 } },
  { label: '1024 × 1024', size: { width: 1024, height: 1024 } },
  { label: '1024 × 768 (landscape)', size: { width: 1024, height: 768 } },
  { label: '768 × 1024 (portrait)', size: { width: 768, height: 1024 } },
];

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

  const refusal = quote?.refusal ? capRefusalWords(quote.refusal) : null;
  const canGenerate = !props.busy && !problem && summary !== null && summary.cells > 0 && !refusal && prompt === draft.prompt;
  return (
    <form
      className="tool-form"
      aria-label="Matrix"
      onSubmit={(e) => {
        e.preventDefault();
        if (canGenerate) props.onGenerate();
      }}
    >
      <label className="tool-field">
        <span>Prompt</span>
        <textarea value={prompt} rows={4} placeholder="a {red|blue|golden} fox in {snow|fog}" aria-describedby="explore-prompt-hint" onChange={(e) => setPrompt(e.target.value)} />
        <small id="explore-prompt-hint">Put choices in braces, split by |. Each way of reading the prompt becomes a row.</small>
      </label>

      <fieldset className="tool-field">
        <legend>Models</legend>
        <div className="tool-choices">
          {models.map((m) => (
            <label key={m.id} className="tool-check">
              <input type="checkbox" checked={draft.models.includes(m.id)} onChange={(e) => toggleModel(m.id, e.target.checked)} />
              {m.title}
            </label>
          ))}
        </div>
      </fieldset>

      <SeedsAndSize draft={draft} onChange={onChange} />

      <SweepFields draft={draft} onChange={onChange} />

      <MatrixSummary problem={problem} summary={summary} quote={quote} />
      {refusal && (
        <p className="tool-refusal" role="alert">
          {refusal}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={!canGenerate}>
        {summary && summary.cells > 0 ? `Generate ${summary.cells} ${summary.cells === 1 ? 'picture' : 'pictures'}` : 'Generate'}
      </Button>
    </form>
  );
}


/** One value to vary across the columns (guidance, steps, a finetune's strength), and its range. */
function SweepFields({ draft, onChange }: { draft: MatrixSpec; onChange: (patch: Partial<MatrixSpec>) => void }) {
  const sweepable = sweepableFields(draft.models);
  const sweepField = draft.sweep ? sweepable.find((f) => f.name === draft.sweep!.field) : undefined;
  const cannot = unsweepableReasons(draft.models);
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
        <span>Vary</span>
        <select value={draft.sweep?.field ?? ''} aria-describedby={cannot.length > 0 ? 'explore-cannot' : undefined} onChange={(e) => chooseSweep(e.target.value)} disabled={sweepable.length === 0}>
          <option value="">Nothing else</option>
          {sweepable.map((f) => (
            <option key={f.name} value={f.name}>
              {fieldWords(f.name)}
            </option>
          ))}
        </select>
      </label>
      {cannot.length > 0 && (
        <p id="explore-cannot" className="explore-cannot" aria-label="Values that cannot be varied">
          Not in the list, as not every model chosen takes them: {cannot.join('; ')}.
        </p>
      )}
      {draft.sweep && sweepField && (
        <div className="explore-row">
          <label className="tool-field">
            <span>From</span>
            <NumberField label="From" value={draft.sweep.from} integer={sweepField.integer} min={sweepField.min} max={sweepField.max} onCommit={(from) => onChange({ sweep: { ...draft.sweep!, from } })} />
          </label>
          <label className="tool-field">
            <span>To</span>
            <NumberField label="To" value={draft.sweep.to} integer={sweepField.integer} min={sweepField.min} max={sweepField.max} onCommit={(to) => onChange({ sweep: { ...draft.sweep!, to } })} />
          </label>
          <label className="tool-field">
            <span>How many values</span>
            <NumberField label="How many values" value={draft.sweep.steps} min={2} max={MAX_SWEEP_STEPS} clamp={(n) => Math.min(MAX_SWEEP_STEPS, Math.max(2, n))} onCommit={(steps) => onChange({ sweep: { ...draft.sweep!, steps } })} />
          </label>
        </div>
      )}
    </>
  );
}

/** The grid's size and its price, or why it cannot be planned. */
function MatrixSummary({ problem, summary, quote }: { problem: string | null; summary: PlanSummary | null; quote: MatrixQuote | null }) {
  const total = quote ? creditsText(quote.total) : null;
  return (
    <div className="tool-summary" role="status" aria-label="Matrix size and price">
      {problem ? (
        <span className="tool-problem">{problem}</span>
      ) : summary ? (
        <>
          <strong>
            {summary.rows} × {summary.columns} = {summary.cells} {summary.cells === 1 ? 'picture' : 'pictures'}
          </strong>
          {quote && (
            <span>
              {quote.unpriced === summary.cells ? 'Price not known yet: nothing like these has been made with this key.' : `About ${total}${quote.unpriced ? ` (${quote.unpriced} not priced yet)` : ''}`}
            </span>
          )}
        </>
      ) : null}
    </div>
  );
}


/** How many seeds from which first one, and the size every model makes. */
function SeedsAndSize({ draft, onChange }: { draft: MatrixSpec; onChange: (patch: Partial<MatrixSpec>) => void }) {
  const sizeIndex = Math.max(0, SIZES.findIndex((s) => JSON.stringify(s.size) === JSON.stringify(draft.size)));
  return (
    <>
      <div className="explore-row">
        <label className="tool-field">
          <span>Seeds</span>
          <NumberField label="Seeds" value={draft.seeds} min={1} max={MAX_SEEDS} clamp={(n) => Math.min(MAX_SEEDS, Math.max(1, n))} onCommit={(seeds) => onChange({ seeds })} />
        </label>
        <label className="tool-field">
          <span>First seed</span>
          <NumberField label="First seed" value={draft.firstSeed} min={0} max={MAX_SEED} clamp={(n) => Math.min(MAX_SEED, Math.max(0, n))} onCommit={(firstSeed) => onChange({ firstSeed })} />
        </label>
      </div>

      <label className="tool-field">
        <span>Size</span>
        <select value={sizeIndex} onChange={(e) => onChange({ size: SIZES[Number(e.target.value)]!.size })}>
          {SIZES.map((s, i) => (
            <option key={s.label} value={i}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
