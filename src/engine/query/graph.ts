// The unconfigured target graph query walks: a target's direct prerequisites, as Bazel's query sees them.
//
// A rule depends on every label in its label-typed attributes (select() branches and keys included), implicit
// attributes too unless --noimplicit_deps; visibility is not an edge. A generated file depends on its rule; a
// package group on the groups it includes; a source file on nothing.

import { attrValue, isLabelType, labelsIn, allAttributes, type Label, type Target } from '../build/index.ts';

export interface EdgeOptions {
  readonly implicitDeps: boolean;
}

/** The direct prerequisites of a target, in attribute order, without duplicates. */
export function directDeps(t: Target, opts: EdgeOptions): Label[] {
  switch (t.kind) {
    case 'source file':
      return [];
    case 'generated file':
      return [t.rule];
    case 'package group':
      return [...t.includes];
    case 'rule': {
      const out: Label[] = [];
      const seen = new Set<string>();
      for (const a of allAttributes(t.schema, true)) {
        if (!isLabelType(a.type) || a.type.startsWith('nodep') || a.name === 'visibility') continue;
        if (a.implicit && !opts.implicitDeps) continue;
        const v = a.implicit ? attrValue(t, a.name) : t.attrs.get(a.name);
        if (v === undefined || v === null) continue;
        const value = typeof v === 'string' && a.implicit ? null : v;
        const labels = value === null && a.implicit && typeof a.default === 'string' ? [parseImplicit(a.default)] : labelsIn(a.type, v);
        for (const l of labels) {
          const k = `${l.repo}//${l.pkg}:${l.name}`;
          if (!seen.has(k)) {
            seen.add(k);
            out.push(l);
          }
        }
      }
      return out;
    }
  }
}

function parseImplicit(s: string): Label {
  // Implicit defaults are written canonically: @repo//pkg:name.
  const m = /^(?:@([^/]*))?\/\/([^:]*):(.*)$/.exec(s)!;
  return { repo: m[1] ?? '', pkg: m[2]!, name: m[3]! };
}
