// --output=label: one label per line (cquery: `//pkg:t (config)`).
import { labelToString } from '../../build/index.ts';
import type { OutputContext } from './context.ts';

export function nodeLabel<T>(ctx: OutputContext<T>, n: T): string {
  const l = labelToString(ctx.graph.target(n).label);
  if (!ctx.graph.config) return l;
  const c = ctx.graph.config(n);
  return `${l} (${c ?? 'null'})`;
}

export function formatLabel<T>(ctx: OutputContext<T>): string {
  return ctx.nodes.map((n) => nodeLabel(ctx, n) + '\n').join('');
}
