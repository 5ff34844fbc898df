import { NumberField } from '../../../ui/NumberField';
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

/** A document number typed in place (see NumberField); one visit to the field is one undo step. */
export function NumberInput({ step, ...field }: NumberInputProps) {
  const gesture = useEditGesture(step);
  return <NumberField {...field} onFocus={gesture.onFocus} onBlur={gesture.onBlur} />;
}
