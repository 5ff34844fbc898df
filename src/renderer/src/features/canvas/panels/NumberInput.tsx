import { useState, type KeyboardEvent } from 'react';
import { useEditGesture } from './editGesture';

interface NumberInputProps {
  readonly value: number;
  readonly label: string;
  /** The nearest value the document accepts; a typed value that is already acceptable goes in as the user types. */
  readonly clamp: (value: number) => number;
  readonly onCommit: (value: number) => void;
  readonly min?: number;
  readonly max?: number;
  /** The undo step's name. */
  readonly step: string;
}

/**
 * A number typed in place. Values the document accepts apply at once; a value on its way to one ("1" of "1200")
 * waits, marked invalid, and is brought into range when the field is left or Enter is pressed, so typing is
 * never fought by the clamp. Escape puts the document's value back. One visit is one undo step.
 */
export function NumberInput({ value, label, clamp, onCommit, min, max, step }: NumberInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const gesture = useEditGesture(step);
  const parse = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) ? null : Math.round(Number(text)));
  const settle = () => {
    if (draft === null) return;
    const n = parse(draft);
    if (n !== null && clamp(n) !== value) onCommit(clamp(n));
    setDraft(null);
  };
  const typed = draft === null ? null : parse(draft);
  const invalid = draft !== null && (typed === null || clamp(typed) !== typed);
  return (
    <input
      type="number"
      className="field-input"
      value={draft ?? String(value)}
      min={min}
      max={max}
      aria-label={label}
      aria-invalid={invalid || undefined}
      onFocus={gesture.onFocus}
      onBlur={() => {
        settle();
        gesture.onBlur();
      }}
      onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
        if (e.key === 'Enter') settle();
        if (e.key === 'Escape') setDraft(null);
      }}
      onChange={(e) => {
        const n = parse(e.target.value);
        if (n !== null && clamp(n) === n && String(n) === e.target.value.trim()) {
          setDraft(null);
          if (n !== value) onCommit(n);
        } else setDraft(e.target.value);
      }}
    />
  );
}
