import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import './ui.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  readonly label: ReactNode;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** a line under the field saying what goes in it */
  readonly hint?: ReactNode;
  /** what is wrong with the value; marks the field invalid and is read out with it */
  readonly error?: string | null;
  /** keeps the label for screen readers only, where the context already says what the field is */
  readonly hideLabel?: boolean;
  readonly ref?: Ref<HTMLInputElement>;
}

/** A labelled one-line text input with its hint and its error, tied together for assistive technology. */
export function TextField({ label, value, onChange, hint, error, hideLabel, className, id, ref, type = 'text', ...rest }: TextFieldProps) {
  const own = useId();
  const inputId = id ?? own;
  const described = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['text-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={hideLabel ? 'visually-hidden' : 'field-label'}>
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        type={type}
        className="field-input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(e) => onChange(e.target.value)}
        {...rest}
      />
      {hint && (
        <span id={`${inputId}-hint`} className="field-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${inputId}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
