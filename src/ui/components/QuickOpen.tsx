// Ctrl/Cmd+P: open a file by typing part of its path (fuzzy: the letters in order).

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { comparePaths } from '../state/file-paths.ts';
import { useUi } from '../state/ui-store.ts';
import { useWorkspace } from '../state/workspace-store.ts';
import { Dialog } from './Dialog.tsx';

export function fuzzyScore(path: string, query: string): number | null {
  if (!query) return 0;
  const p = path.toLowerCase();
  const q = query.toLowerCase();
  if (p.includes(q)) return 1000 - p.indexOf(q) - p.length;
  let at = 0;
  let gaps = 0;
  for (const c of q) {
    const i = p.indexOf(c, at);
    if (i < 0) return null;
    gaps += i - at;
    at = i + 1;
  }
  return 500 - gaps - p.length;
}

export function QuickOpen() {
  const open = useUi((s) => s.dialog === 'quick-open');
  const close = () => useUi.getState().openDialog(null);
  return (
    <Dialog open={open} title="Open a file" onClose={close} className="quick-open">
      <QuickOpenBody onDone={close} />
    </Dialog>
  );
}

function QuickOpenBody({ onDone }: { onDone(): void }) {
  const files = useWorkspace((s) => s.files);
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-selected=true]')?.scrollIntoView({ block: 'nearest' });
  }, [index]);
  const matches = Object.keys(files)
    .map((p) => ({ p, s: fuzzyScore(p, query.trim()) }))
    .filter((m): m is { p: string; s: number } => m.s !== null)
    .sort((a, b) => b.s - a.s || comparePaths(a.p, b.p))
    .slice(0, 50)
    .map((m) => m.p);
  const choose = (p: string | undefined) => {
    if (!p) return;
    useWorkspace.getState().open(p);
    onDone();
  };
  function onKeyDown(e: KeyboardEvent): void {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setIndex((i) => (i + (e.key === 'ArrowDown' ? 1 : -1) + matches.length) % Math.max(1, matches.length));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(matches[index]);
    }
  }
  return (
    <>
      <input
        className="quick-open-input"
        aria-label="File name"
        placeholder="Type a file name"
        data-autofocus
        spellCheck={false}
        value={query}
        role="combobox"
        aria-expanded="true"
        aria-controls="quick-open-list"
        aria-activedescendant={matches[index] ? `qo-${index}` : undefined}
        onChange={(e) => {
          setQuery(e.target.value);
          setIndex(0);
        }}
        onKeyDown={onKeyDown}
      />
      <ul ref={list} className="quick-open-list" id="quick-open-list" role="listbox" aria-label="Matching files">
        {matches.map((p, i) => (
          <li key={p} id={`qo-${i}`} role="option" aria-selected={i === index} onClick={() => choose(p)} onMouseEnter={() => setIndex(i)}>
            {p}
          </li>
        ))}
        {matches.length === 0 && <li className="muted">No matching file</li>}
      </ul>
    </>
  );
}
