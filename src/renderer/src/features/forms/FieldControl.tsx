import { Fragment, useId, type ReactNode } from 'react';
import type { FieldSpec, JsonValue } from '../../../../shared/catalog/field';
import type { ValidationIssue } from '../../../../shared/validation/issue';
import { FinetunePicker } from '../finetunes/FinetunePicker';
import { defaultHint, enumOptions, formatFieldValue, parseFieldInput, randomSeed } from './fieldModel';
import { aboutField, labelFor, valueHasWords, valueLabel } from './fieldWords';
import { fieldHint } from './fieldHint';
import { IssueLine } from './IssueLine';
import { useText } from '../../ui/i18n/textStore';
import { Icon } from '../../ui/icons';

interface FieldControlProps {
  readonly field: FieldSpec;
  readonly value: JsonValue | undefined;
  readonly issues: readonly ValidationIssue[];
  readonly onChange: (value: JsonValue | undefined) => void;
  /** Media fields (images, videos, keyframes) are filled by the host: an asset picker, or a canvas layer. */
  readonly media?: ReactNode;
  readonly disabled?: boolean;
  readonly showInferred?: boolean;
}

/** One catalog field as a labelled control, its limits as a hint, and its 422 messages inline. */
export function FieldControl({ field: spec, value, issues, onChange, media, disabled, showInferred = true }: FieldControlProps) {
  // Long (over 80 lines) for its markup: one control per kind of catalog field (string, number, integer, enum,
  // boolean, image, video, keyframes), each a few lines, and the hint and error lines they share.
  const field = showInferred ? spec : { ...spec, inferred: undefined };
  const text = useText();
  const { t } = text;
  const label = labelFor(field, text);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = issues.length > 0;
  // A choice's values are in its list, in words; the codes are the reference's business.
  const constraint = fieldHint(field, text);
  // A line about the field, as a tooltip or the prompt's placeholder, in the artist's words (the service's own
  // description stays in the service reference).
  const about = aboutField(field, text);
  const describedBy = [constraint || field.inferred ? hintId : '', invalid ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    disabled,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    'aria-required': field.required || undefined,
  };

  let control: ReactNode;
  switch (field.type) {
    case 'integer':
    case 'number':
      control = (
        <span className={`field-row${field.role === 'finetune' ? ' strength-row' : ''}`}>
          <input
            {...common}
            type="number"
            inputMode={field.type === 'integer' ? 'numeric' : 'decimal'}
            min={field.min}
            max={field.max}
            step={field.type === 'integer' ? (field.multipleOf ?? 1) : 'any'}
            placeholder={defaultHint(field, text)}
            value={formatFieldValue(value)}
            onChange={(e) => onChange(parseFieldInput(field, e.target.value))}
          />
          {field.role === 'finetune' && field.min !== undefined && field.max !== undefined && (
            // The LoRA's strength: a slider over its range beside the exact number.
            <input
              type="range"
              aria-label={t('forms.slider', { label })}
              disabled={disabled}
              min={field.min}
              max={field.max}
              step={0.05}
              value={typeof value === 'number' ? value : typeof field.default === 'number' ? field.default : field.min}
              onChange={(e) => onChange(Number(e.target.value))}
            />
          )}
          {field.role === 'seed' && (
            <button type="button" className="small" disabled={disabled} onClick={() => onChange(randomSeed())} aria-label={t('forms.newSeed')} title={t('forms.newSeed')}>
              <Icon name="action.randomSeed" />
            </button>
          )}
        </span>
      );
      break;
    case 'boolean':
      control = (
        <input
          {...common}
          type="checkbox"
          checked={value === true || (value === undefined && field.default === true)}
          onChange={(e) => onChange(e.target.checked)}
        />
      );
      break;
    case 'enum':
      control = (
        <select {...common} value={formatFieldValue(value)} onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}>
          <option value="">{field.default !== undefined && field.default !== null ? t('forms.option.default', { value: valueLabel(field, String(field.default), text) }) : t(field.required ? 'forms.option.choose' : 'forms.option.serviceDefault')}</option>
          {enumOptions(field, value).map((v) => (
            <option key={v} value={v} translate={valueHasWords(field, v) ? undefined : 'no'}>
              {valueLabel(field, v, text)}
            </option>
          ))}
        </select>
      );
      break;
    case 'string':
      control = field.multiline ? (
        <textarea
          {...common}
          // The artist's own words (a prompt): never a page translator's to rewrite.
          translate="no"
          rows={3}
          placeholder={about}
          value={formatFieldValue(value)}
          onChange={(e) => onChange(parseFieldInput(field, e.target.value))}
        />
      ) : (
        <input
          {...common}
          type={field.format === 'uri' ? 'url' : field.role === 'webhook' && field.name.includes('secret') ? 'password' : 'text'}
          placeholder={field.role === 'finetune' ? t('forms.finetune.typeName') : defaultHint(field, text)}
          value={formatFieldValue(value)}
          onChange={(e) => onChange(parseFieldInput(field, e.target.value))}
        />
      );
      // A finetune is picked by name from the key's list; the typed name stays for one the list does not show.
      if (field.role === 'finetune') {
        control = <FinetunePicker value={typeof value === 'string' ? value : ''} onPick={onChange} disabled={disabled} input={control} />;
      }
      break;
    case 'image':
    case 'video':
    case 'keyframes':
      control = media ?? <span className="muted">{t('forms.setOnCanvas')}</span>;
      break;
  }

  const isMedia = field.type === 'image' || field.type === 'video' || field.type === 'keyframes';
  return (
    <div className={`form-field${invalid ? ' invalid' : ''}`} data-field={field.name}>
      {isMedia ? (
        <span className="form-label" id={`${id}-label`}>
          {label}
          {field.required && <span className="req"> *</span>}
        </span>
      ) : (
        <label className="form-label" htmlFor={id} title={about}>
          {label}
          {field.required && <span className="req"> *</span>}
          {field.inferred && (
            <span className="inferred-mark" title={t('forms.inferred.title', { note: field.inferred })}>
              {' '}
              {t('forms.inferred')}
            </span>
          )}
        </label>
      )}
      {control}
      {(constraint || field.inferred) && (
        <span className="form-hint" id={hintId}>
          {constraint}
          {field.inferred && !isMedia ? `${constraint ? ' · ' : ''}${t('forms.inferred.hint', { note: field.inferred })}` : ''}
        </span>
      )}
      {invalid && (
        <span className="form-error" id={errorId} role="alert">
          {/* Several problems are listed as the language lists things, not joined with an English "; ". */}
          {text.listParts(issues.length, 'unit').map((part, n) =>
            typeof part === 'number' ? <IssueLine key={`${part}:${issues[part]!.msg}`} issue={issues[part]!} /> : <Fragment key={`between ${n}`}>{part}</Fragment>,
          )}
        </span>
      )}
    </div>
  );
}
