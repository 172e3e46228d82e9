// What every output formatter receives: the graph, the result in output order, and the output options.
import type { Location, Target } from '../../loading/index.ts';
import type { NodeSet, QueryGraph } from '../environment.ts';
import type { Explored } from '../order.ts';

/** Where Bazel's files are: the workspace, and the output base that holds external repositories. */
export interface SourcePaths {
  /** The absolute workspace path Bazel prints in locations. */
  readonly workspaceDir: string;
  /** Bazel's output base: a file of an external repository (`external/<repo>/…`) is printed under it. */
  readonly outputBase?: string;
}

/** The absolute path Bazel prints for a workspace-relative file (`external/<repo>/…`: under the output base). */
export function absoluteSourcePath(file: string, p: SourcePaths): string {
  if (file.startsWith('/')) return file;
  if (p.outputBase !== undefined && file.startsWith('external/')) return `${p.outputBase}/${file}`;
  return `${p.workspaceDir}/${file}`;
}

export interface OutputOptions extends SourcePaths {
  /** Workspace-relative paths in locations (--relative_locations; forced by genquery). */
  readonly relativeLocations: boolean;
  /** --order_output=full (or genquery): ties in rank outputs sorted by label. */
  readonly orderFull: boolean;
  readonly graphFactored: boolean;
  /** --graph:node_limit (-1: no limit). */
  readonly graphNodeLimit: number;
  /** --graph:conditional_edges_limit (query and genquery; 0: no condition labels; -1: all of them). */
  readonly graphConditionalEdgesLimit?: number;
  /** genquery sorts graph edges by label instead of attribute order. */
  readonly graphSortEdges?: boolean;
  readonly xmlLineNumbers: boolean;
  readonly xmlDefaultValues: boolean;
  readonly protoDefaultValues: boolean;
  readonly implicitDeps: boolean;
  /** --incompatible_display_source_file_location: source files are located at line 1 of themselves. */
  readonly displaySourceFileLocation?: boolean;
  /** --consistent_labels (current Bazel): labels as Starlark's str(Label) prints them, `@@//pkg:t`. */
  readonly consistentLabels?: boolean;
}

export interface OutputContext<T> {
  readonly graph: QueryGraph<T>;
  /** The result, in output order. */
  readonly nodes: readonly T[];
  readonly set: NodeSet<T>;
  readonly options: OutputOptions;
  /** Which edges of a node the evaluation explored (graph output draws only those); undefined: all. */
  readonly explored?: Explored;
}

export type Formatter = <T>(ctx: OutputContext<T>) => string | Uint8Array;

/** A location as Bazel prints it: `path:line:col`, a BUILD file without line and column. */
export function formatLocation(loc: Location, t: Target, o: OutputOptions, forceLineCol = false): string {
  // Relative locations are relative to the package's source root: an external repository's own root.
  const path = !o.relativeLocations ? absoluteSourcePath(loc.file, o) : loc.file.startsWith('external/') ? loc.file.split('/').slice(2).join('/') : loc.file;
  const isBuild = t.kind === 'source file' && (t.isBuildFile === true || t.fakeLoad === true);
  if (isBuild && !forceLineCol) return path;
  return `${path}:${loc.line}:${loc.column}`;
}

/**
 * A target's location as Bazel prints it: a rule's call, a generated file's rule; a source file is located at the
 * first rule that names it (its BUILD file: the file alone), or at line 1 of the file itself under
 * --incompatible_display_source_file_location (`lineOne`).
 */
export function formatTargetLocation(t: Target, o: OutputOptions, lineOne = o.displaySourceFileLocation === true): string {
  if (!lineOne || t.kind !== 'source file') return formatLocation(t.location, t, o);
  const dir = t.location.file.slice(0, t.location.file.lastIndexOf('/') + 1);
  return formatLocation({ ...t.location, file: dir + t.label.name, line: 1, column: 1 }, t, o, true);
}

/** --graph:conditional_edges_limit's value (default 4). */
export function conditionalEdgesLimit(given: string | boolean | undefined): number {
  const n = Number(given ?? 4);
  return Number.isInteger(n) ? n : 4;
}
