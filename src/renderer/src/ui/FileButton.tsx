import type { ReactNode } from 'react';
import { buttonClass, type ButtonSize, type ButtonVariant } from './Button';
import './ui.css';

export interface FileButtonProps {
  /** what the button shows */
  readonly children: ReactNode;
  /** the file input's accessible name (what a screen reader and the tests call it) */
  readonly label: string;
  /** the visible control's own name, when its text is only a glyph */
  readonly title?: string;
  readonly accept?: string;
  readonly multiple?: boolean;
  readonly disabled?: boolean;
  readonly variant?: ButtonVariant;
  readonly size?: ButtonSize;
  readonly className?: string;
  /** Called with the chosen files; the input is emptied after, so choosing the same file again fires again. */
  readonly onFiles: (files: File[]) => void | Promise<unknown>;
}

/**
 * A button that opens the file chooser: a label dressed as a button around a visually hidden file input, so
 * the system dialog opens from a click, Enter or Space, and the focus ring shows on the label (:focus-within).
 */
export function FileButton({ children, label, title, accept, multiple, disabled, variant = 'default', size = 'md', className, onFiles }: FileButtonProps) {
  return (
    <label className={buttonClass(variant, size, ['file-button', disabled && 'disabled', className].filter(Boolean).join(' '))} title={title} aria-label={title}>
      {children}
      <input
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        className="visually-hidden"
        aria-label={label}
        onChange={(e) => {
          const input = e.currentTarget;
          const files = [...(input.files ?? [])];
          const done = () => {
            input.value = '';
          };
          if (files.length === 0) return done();
          void Promise.resolve(onFiles(files)).finally(done);
        }}
      />
    </label>
  );
}
