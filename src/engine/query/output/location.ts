// --output=location: `<location>: <kind> <label>`; absolute paths unless --relative_locations (genquery); source
// files at line 1 of themselves under --incompatible_display_source_file_location.
import { targetKind } from '../../loading/index.ts';
import { formatTargetLocation, type OutputContext } from './context.ts';
import { nodeLabel } from './label.ts';

export function formatLocationOutput<T>(ctx: OutputContext<T>): string {
  return ctx.nodes
    .map((n) => {
      const t = ctx.graph.target(n);
      return `${formatTargetLocation(t, ctx.options)}: ${targetKind(t)} ${nodeLabel(ctx, n)}\n`;
    })
    .join('');
}
