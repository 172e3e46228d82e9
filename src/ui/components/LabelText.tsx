// Text in which every label of a known target is a link to its declaration (clicking any label anywhere opens it).

import './kinds.css';

import { Fragment, useMemo } from 'react';
import type { SourceLocation } from '../../worker/protocol.ts';
import { useEngine } from '../state/engine-store.ts';
import { useWorkspace } from '../state/workspace-store.ts';

const LABEL_RE = /(?:@@?[\w.~+-]*)?\/\/[\w./+-]*(?::[^\s"',\]\)}>]+)?/g;

// One map per load result, however many panels ask (a big workspace has tens of thousands of targets).
const knownByTargets = new WeakMap<readonly { label: string; location: SourceLocation }[], ReadonlyMap<string, SourceLocation>>();
const NO_TARGETS: readonly { label: string; location: SourceLocation }[] = [];

/** Label → declaration, from the last load. */
export function useKnownLabels(): ReadonlyMap<string, SourceLocation> {
  const targets = useEngine((s) => s.load?.result.targets ?? NO_TARGETS);
  return useMemo(() => {
    let m = knownByTargets.get(targets);
    if (!m) knownByTargets.set(targets, (m = new Map(targets.map((t) => [t.label, t.location]))));
    return m;
  }, [targets]);
}

export function revealLocation(loc: SourceLocation): void {
  useWorkspace.getState().revealAt(loc.file, loc.line, loc.column);
}

/** `//pkg` (no name) means `//pkg:pkg`. */
function canonical(label: string): string {
  return label.includes(':') ? label : `${label}:${label.slice(label.lastIndexOf('/') + 1)}`;
}

export function LabelText({ text, known }: { text: string; known: ReadonlyMap<string, SourceLocation> }) {
  const parts: (string | { label: string; loc: SourceLocation })[] = [];
  let last = 0;
  for (const m of text.matchAll(LABEL_RE)) {
    const loc = known.get(canonical(m[0]));
    if (!loc) continue;
    parts.push(text.slice(last, m.index), { label: m[0], loc });
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((p, i) =>
        typeof p === 'string' ? (
          <Fragment key={i}>{p}</Fragment>
        ) : (
          <button
            key={i}
            type="button"
            className="label-link"
            title={`Open the declaration of ${p.label} (${p.loc.file}:${p.loc.line})`}
            onClick={() => revealLocation(p.loc)}
          >
            {p.label}
          </button>
        ),
      )}
    </>
  );
}
