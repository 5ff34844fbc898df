import type { ButtonHTMLAttributes, Ref } from 'react';
import './ui.css';

export type ButtonVariant = 'default' | 'primary' | 'danger' | 'link' | 'quiet';
export type ButtonSize = 'md' | 'sm';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: ButtonVariant;
  readonly size?: ButtonSize;
  readonly ref?: Ref<HTMLButtonElement>;
}

/** The class list a button look needs, for the few places that dress another element as a button (a file label). */
export function buttonClass(variant: ButtonVariant = 'default', size: ButtonSize = 'md', extra?: string): string {
  return ['button', variant !== 'default' && variant, size === 'sm' && 'button-sm', extra].filter(Boolean).join(' ');
}

/** A button of the app's look. `type` defaults to "button", so a button inside a form never submits it by surprise. */
export function Button({ variant = 'default', size = 'md', className, type = 'button', ref, ...rest }: ButtonProps) {
  return <button ref={ref} type={type} className={buttonClass(variant, size, className)} {...rest} />;
}
