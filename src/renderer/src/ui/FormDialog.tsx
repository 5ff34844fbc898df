import { useEffect, useId, useRef, type ReactNode } from 'react';
import './dialog.css';

export interface FormDialogProps {
  readonly title: ReactNode;
  /** What Escape does: the dialog's own Cancel or Close. */
  readonly onClose: () => void;
  /** Enter in a field or the primary (submit) button; a dialog without one leaves it out. */
  readonly onSubmit?: () => void;
  /** the feature's class on the backdrop, the root its @scope'd styles hang from */
  readonly className: string;
  /** a class of the dialog's own box */
  readonly dialogClassName?: string;
  readonly children: ReactNode;
}

/**
 * The shell every asking dialog shares, so each behaves as the others do: it takes the focus on its first control
 * (a keyboard or screen-reader user lands in it, not behind it), Escape closes it, and the focus goes back where it
 * was when it closes. ConfirmDialog keeps its own shell: its focus starts on Keep, the safe choice.
 */
export function FormDialog({ title, onClose, onSubmit, className, dialogClassName, children }: FormDialogProps) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    form.current?.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])')?.focus();
    return () => {
      if (before?.isConnected) before.focus();
    };
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className={`dialog-backdrop ${className}`}>
      <form
        ref={form}
        className={dialogClassName ? `dialog ${dialogClassName}` : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit?.();
        }}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        {children}
      </form>
    </div>
  );
}
