// A tab strip and the chosen panel, following the WAI-ARIA tabs pattern (arrow keys move between tabs).

import { useRef, type KeyboardEvent } from 'react';
import type { PanelDef } from '../panels/registry.ts';
import { LazyBoundary } from './LazyBoundary.tsx';

export interface PanelTabsProps {
  label: string;
  panels: readonly PanelDef[];
  selected: string;
  onSelect(id: string): void;
}

export function PanelTabs({ label, panels, selected, onSelect }: PanelTabsProps) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = panels.find((p) => p.id === selected) ?? panels[0];
  const Panel = current.component;

  function onKeyDown(e: KeyboardEvent, index: number): void {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    const next = (index + delta + panels.length) % panels.length;
    onSelect(panels[next].id);
    tabs.current[next]?.focus();
  }

  return (
    <section className="panel-area" aria-label={label}>
      <div className="tab-strip" role="tablist" aria-label={label}>
        {panels.map((p, i) => (
          <button
            key={p.id}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${p.id}`}
            aria-selected={p.id === current.id}
            aria-controls={`panel-${p.id}`}
            tabIndex={p.id === current.id ? 0 : -1}
            className="tab"
            onClick={() => onSelect(p.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {p.title}
            {p.useBadge && <Badge useBadge={p.useBadge} />}
          </button>
        ))}
      </div>
      {/* Focusable (the WAI-ARIA tabs pattern): a panel that scrolls, e.g. Output, must scroll by keyboard too. */}
      <div className="tab-panel" role="tabpanel" id={`panel-${current.id}`} aria-labelledby={`tab-${current.id}`} tabIndex={0}>
        <LazyBoundary key={current.id} what={`the ${current.title} panel`}>
          <Panel />
        </LazyBoundary>
      </div>
    </section>
  );
}

function Badge({ useBadge }: { useBadge: () => number | null }) {
  const n = useBadge();
  if (n === null) return null;
  return (
    <span className="tab-badge" data-count={n}>
      {n}
    </span>
  );
}
