// Result ordering: Bazel 4.2.3's dependency order (the default there, and `--order_output=full`) and the
// lexicographic order of current Bazel's default.
//
// Dependency order, as the corpus shows it: sort all result nodes ascending by label; depth-first visit them in
// that order, successors (edges within the result) also ascending; collect post-order; reverse it. Unrelated
// targets therefore come out in descending label order, and every target before its dependencies.

import { compareLabels, labelToString, type Target } from '../build/index.ts';
import { directDeps, type EdgeOptions } from './graph.ts';
import type { TargetSet } from './evaluate.ts';

export function lexicographicOrder(set: TargetSet): Target[] {
  return [...set.values()].sort((a, b) => compareLabels(a.label, b.label));
}

export function dependencyOrder(set: TargetSet, edges: EdgeOptions): Target[] {
  const nodes = lexicographicOrder(set);
  const visited = new Set<string>();
  const post: Target[] = [];
  const succ = (t: Target): Target[] =>
    directDeps(t, edges)
      .map((l) => set.get(labelToString(l)))
      .filter((x): x is Target => x !== undefined)
      .sort((a, b) => compareLabels(a.label, b.label));
  for (const root of nodes) {
    const key = labelToString(root.label);
    if (visited.has(key)) continue;
    // Iterative DFS (deep graphs must not overflow the JS stack).
    visited.add(key);
    const stack: { t: Target; next: Target[]; i: number }[] = [{ t: root, next: succ(root), i: 0 }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      if (top.i < top.next.length) {
        const n = top.next[top.i++]!;
        const k = labelToString(n.label);
        if (!visited.has(k)) {
          visited.add(k);
          stack.push({ t: n, next: succ(n), i: 0 });
        }
      } else {
        post.push(top.t);
        stack.pop();
      }
    }
  }
  return post.reverse();
}
