// --output=label_kind: `<kind> <label>` per line, e.g. `genrule rule //p:a`, `source file //p:a.in`.
import { targetKind } from '../../loading/index.ts';
import type { OutputContext } from './context.ts';
import { nodeLabel } from './label.ts';

export function formatLabelKind<T>(ctx: OutputContext<T>): string {
  return ctx.nodes.map((n) => `${targetKind(ctx.graph.target(n))} ${nodeLabel(ctx, n)}\n`).join('');
}
