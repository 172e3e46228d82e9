// A draggable, keyboard-operable pane divider (WAI-ARIA window splitter: role="separator" with a value).

import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { paneBounds, useLayout, type PaneName } from '../state/layout-store.ts';

export interface SplitterProps {
  pane: PaneName;
  /** Where the handle sits on its pane; dragging away from the pane makes it bigger. */
  edge: 'right' | 'left' | 'top';
  label: string;
}

export function Splitter({ pane, edge, label }: SplitterProps) {
  const size = useLayout((s) => s.sizes[pane]);
  const drag = useRef<{ start: number; size: number } | null>(null);
  const vertical = edge !== 'top';
  const sign = edge === 'right' ? 1 : -1;

  function onPointerDown(e: PointerEvent<HTMLDivElement>): void {
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { start: vertical ? e.clientX : e.clientY, size };
  }

  function onPointerMove(e: PointerEvent<HTMLDivElement>): void {
    if (!drag.current) return;
    const delta = (vertical ? e.clientX : e.clientY) - drag.current.start;
    useLayout.getState().resize(pane, drag.current.size + sign * delta);
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>): void {
    const grow = vertical ? (edge === 'right' ? 'ArrowRight' : 'ArrowLeft') : 'ArrowUp';
    const shrink = vertical ? (edge === 'right' ? 'ArrowLeft' : 'ArrowRight') : 'ArrowDown';
    const step = e.shiftKey ? 50 : 10;
    let next: number | null = null;
    if (e.key === grow) next = size + step;
    else if (e.key === shrink) next = size - step;
    else if (e.key === 'Home') next = paneBounds[pane].min;
    else if (e.key === 'End') next = paneBounds[pane].max;
    if (next === null) return;
    e.preventDefault();
    useLayout.getState().resize(pane, next);
  }

  return (
    <div
      className={`splitter splitter-${edge}`}
      role="separator"
      aria-label={label}
      aria-orientation={vertical ? 'vertical' : 'horizontal'}
      aria-valuenow={size}
      aria-valuemin={paneBounds[pane].min}
      aria-valuemax={paneBounds[pane].max}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => (drag.current = null)}
      onPointerCancel={() => (drag.current = null)}
      onKeyDown={onKeyDown}
    />
  );
}
