import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'info' | 'warn' | 'accent';

export function Badge({ tone = 'neutral', title, children }: { tone?: BadgeTone; title?: string; children: ReactNode }) {
  return (
    <span className={`badge badge-${tone}`} title={title}>
      {children}
    </span>
  );
}
