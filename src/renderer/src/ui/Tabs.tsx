import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './ui.css';

interface Tab<Id extends string> {
  readonly id: Id;
  readonly label: ReactNode;
  readonly disabled?: boolean;
}

export interface TabsProps<Id extends string> {
  readonly tabs: readonly Tab<Id>[];
  readonly selected: Id;
  readonly onSelect: (id: Id) => void;
  /** the tab list's accessible name */
  readonly label: string;
  /** the selected tab's panel */
  readonly children?: ReactNode;
  readonly className?: string;
}

/**
 * Tabs as WAI-ARIA describes them: one tab stop for the list, arrow keys (and Home/End) move between tabs and
 * select them, the panel is named by its tab.
 */
export function Tabs<Id extends string>({ tabs, selected, onSelect, label, children, className }: TabsProps<Id>) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const enabled = tabs.filter((t) => !t.disabled);
  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = enabled.findIndex((t) => t.id === selected);
    const step: Record<string, number | undefined> = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: enabled.length - 1 };
    const next = step[e.key];
    if (next === undefined || enabled.length === 0) return;
    e.preventDefault();
    const tab = enabled[(next + enabled.length) % enabled.length]!;
    onSelect(tab.id);
    list.current?.querySelector<HTMLButtonElement>(`[data-tab="${tab.id}"]`)?.focus();
  };
  return (
    <div className={['tabs', className].filter(Boolean).join(' ')}>
      <div role="tablist" aria-label={label} className="tab-list" ref={list} onKeyDown={move}>
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            data-tab={t.id}
            id={`${base}-tab-${t.id}`}
            aria-selected={t.id === selected}
            aria-controls={`${base}-panel`}
            tabIndex={t.id === selected ? 0 : -1}
            disabled={t.disabled}
            className="tab"
            onClick={() => onSelect(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {children !== undefined && (
        <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${selected}`} className="tab-panel" tabIndex={0}>
          {children}
        </div>
      )}
    </div>
  );
}
