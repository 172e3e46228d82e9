// --output=location: `<location>: <kind> <label>`; absolute paths unless --relative_locations (genquery).
import { targetKind } from '../../loading/index.ts';
import { formatLocation, targetLocation, type OutputContext } from './context.ts';
import { nodeLabel } from './label.ts';

export function formatLocationOutput<T>(ctx: OutputContext<T>): string {
  return ctx.nodes
    .map((n) => {
      const t = ctx.graph.target(n);
      return `${formatLocation(targetLocation(t), t, ctx.options)}: ${targetKind(t)} ${nodeLabel(ctx, n)}\n`;
    })
    .join('');
}
