// What every output formatter receives: the graph, the result in output order, and the output options.
import type { Location, Target } from '../../loading/index.ts';
import type { NodeSet, QueryGraph } from '../environment.ts';

export interface OutputOptions {
  /** The absolute workspace path Bazel prints in locations. */
  readonly workspaceDir: string;
  /** Workspace-relative paths in locations (--relative_locations; forced by genquery). */
  readonly relativeLocations: boolean;
  /** --order_output=full (or genquery): ties in rank outputs sorted by label. */
  readonly orderFull: boolean;
  readonly graphFactored: boolean;
  /** --graph:node_limit (-1: no limit). */
  readonly graphNodeLimit: number;
  /** genquery sorts graph edges by label instead of attribute order. */
  readonly graphSortEdges?: boolean;
  readonly xmlLineNumbers: boolean;
  readonly xmlDefaultValues: boolean;
  readonly protoDefaultValues: boolean;
  readonly implicitDeps: boolean;
  /** --consistent_labels (current Bazel): labels as Starlark's str(Label) prints them, `@@//pkg:t`. */
  readonly consistentLabels?: boolean;
}

export interface OutputContext<T> {
  readonly graph: QueryGraph<T>;
  /** The result, in output order. */
  readonly nodes: readonly T[];
  readonly set: NodeSet<T>;
  readonly options: OutputOptions;
}

export type Formatter = <T>(ctx: OutputContext<T>) => string | Uint8Array;

/** A location as Bazel prints it: `path:line:col`, a BUILD file without line and column. */
export function formatLocation(loc: Location, t: Target, o: OutputOptions, forceLineCol = false): string {
  const path = o.relativeLocations ? loc.file : `${o.workspaceDir}/${loc.file}`;
  const isBuild = t.kind === 'source file' && t.isBuildFile === true;
  if (isBuild && !forceLineCol) return path;
  return `${path}:${loc.line}:${loc.column}`;
}

/** The location Bazel reports for a target (source files: the first rule that mentions them, in 4.2.3). */
export function targetLocation(t: Target): Location {
  return t.location;
}
