import { useState, type FocusEvent, type KeyboardEvent } from 'react';
import './ui.css';

export interface NumberFieldProps {
  readonly value: number;
  /** the accessible name; shown as a label unless `hideLabel` */
  readonly label: string;
  readonly hideLabel?: boolean;
  readonly onCommit: (value: number) => void;
  /** The nearest value accepted; defaults to rounding into [min, max]. */
  readonly clamp?: (value: number) => number;
  readonly min?: number;
  readonly max?: number;
  /** whole numbers only (the default) or any finite number */
  readonly integer?: boolean;
  readonly disabled?: boolean;
  readonly className?: string;
  readonly onFocus?: (e: FocusEvent<HTMLInputElement>) => void;
  readonly onBlur?: (e: FocusEvent<HTMLInputElement>) => void;
}

const clampTo = (min: number | undefined, max: number | undefined) => (n: number) => Math.min(max ?? Infinity, Math.max(min ?? -Infinity, n));

/**
 * A number typed in place. Values the field accepts apply at once; a value on its way to one ("1" of "1200")
 * waits, marked invalid, and is brought into range when the field is left or Enter is pressed, so typing is
 * never fought by the clamp. Escape puts the current value back.
 */
export function NumberField({ value, label, hideLabel = true, onCommit, clamp, min, max, integer = true, disabled, className, onFocus, onBlur }: NumberFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const fit = clamp ?? clampTo(min, max);
  const parse = (text: string) => {
    if (text.trim() === '' || !Number.isFinite(Number(text))) return null;
    return integer ? Math.round(Number(text)) : Number(text);
  };
  const settle = () => {
    if (draft === null) return;
    const n = parse(draft);
    if (n !== null && fit(n) !== value) onCommit(fit(n));
    setDraft(null);
  };
  const typed = draft === null ? null : parse(draft);
  const invalid = draft !== null && (typed === null || fit(typed) !== typed);
  const input = (
    <input
      type="number"
      className={['field-input', hideLabel ? className : null].filter(Boolean).join(' ')}
      value={draft ?? String(value)}
      min={min}
      max={max}
      step={integer ? 1 : 'any'}
      disabled={disabled}
      aria-label={hideLabel ? label : undefined}
      aria-invalid={invalid || undefined}
      onFocus={onFocus}
      onBlur={(e) => {
        settle();
        onBlur?.(e);
      }}
      onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
        if (e.key === 'Enter') settle();
        if (e.key === 'Escape') setDraft(null);
      }}
      onChange={(e) => {
        const n = parse(e.target.value);
        if (n !== null && fit(n) === n && String(n) === e.target.value.trim()) {
          setDraft(null);
          if (n !== value) onCommit(n);
        } else setDraft(e.target.value);
      }}
    />
  );
  if (hideLabel) return input;
  return (
    <label className={['number-field', className].filter(Boolean).join(' ')}>
      <span className="field-label">{label}</span>
      {input}
    </label>
  );
}
