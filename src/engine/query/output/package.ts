// --output=package: the packages of the result, sorted, without duplicates (`foo/bar`, `@repo//foo`).
import { packageIdToString } from '../../loading/index.ts';
import type { OutputContext } from './context.ts';

export function formatPackage<T>(ctx: OutputContext<T>): string {
  const pkgs = [...new Set(ctx.nodes.map((n) => {
    const l = ctx.graph.target(n).label;
    return packageIdToString(l.repo, l.pkg);
  }))].sort();
  return pkgs.map((p) => p + '\n').join('');
}
