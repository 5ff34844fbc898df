import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'info' | 'warn' | 'accent';

/** A short tag; `quoted` marks one that shows the service's facts as they are written, in every language. */
export function Badge({ tone = 'neutral', title, quoted, children }: { tone?: BadgeTone; title?: string; quoted?: boolean; children: ReactNode }) {
  return (
    <span className={`badge badge-${tone}`} title={title} translate={quoted ? 'no' : undefined}>
      {children}
    </span>
  );
}
