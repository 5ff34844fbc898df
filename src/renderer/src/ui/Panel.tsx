import { useId, type ReactNode } from 'react';
import './ui.css';

export interface PanelProps {
  /** the heading; also the region's accessible name */
  readonly title: ReactNode;
  /** the region's accessible name when the title is not plain text */
  readonly label?: string;
  /** controls or a status at the heading's right */
  readonly actions?: ReactNode;
  readonly children: ReactNode;
  readonly className?: string;
  /** `card` draws a bordered box (settings sections); `flat` a band separated by a line (side panels) */
  readonly look?: 'card' | 'flat';
  /** heading level; side panels nest under a screen heading */
  readonly level?: 2 | 3;
}

/** A titled region: the heading names it for assistive technology, so a panel is found by its title. */
export function Panel({ title, label, actions, children, className, look = 'flat', level = 3 }: PanelProps) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={['panel', `panel-${look}`, className].filter(Boolean).join(' ')} aria-label={label} aria-labelledby={label ? undefined : id}>
      <Heading id={id} className="panel-title">
        <span>{title}</span>
        {actions}
      </Heading>
      {children}
    </section>
  );
}
