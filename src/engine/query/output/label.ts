// --output=label: one label per line (cquery: `//pkg:t (config)`; --consistent_labels: `@@//pkg:t`).
import { labelToString } from '../../loading/index.ts';
import type { OutputContext } from './context.ts';

export function nodeLabel<T>(ctx: OutputContext<T>, n: T): string {
  const label = ctx.graph.target(n).label;
  const l = ctx.options.consistentLabels ? `@@${label.repo}//${label.pkg}:${label.name}` : labelToString(label);
  if (!ctx.graph.config) return l;
  const c = ctx.graph.config(n);
  return `${l} (${c ?? 'null'})`;
}

export function formatLabel<T>(ctx: OutputContext<T>): string {
  return ctx.nodes.map((n) => nodeLabel(ctx, n) + '\n').join('');
}
