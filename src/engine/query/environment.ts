// The graph a query runs over, as an interface generic in its node type — Bazel's QueryEnvironment<T>.
//
// One evaluator and one set of query functions serve three graphs:
//
//   graph                                  | node type          | built by
//   ---------------------------------------+--------------------+--------------------------------------------
//   `query`: the unconfigured target graph | Target             | TargetGraph (target-graph.ts) over the Loader
//   genquery: that graph cut to the        | Target             | ScopedTargetGraph (genquery.ts): patterns and
//     transitive closure of `scope`        |                    | labels outside the closure fail (strict) or
//                                          |                    | are skipped with a warning
//   `cquery`: the configured target graph  | ConfiguredTarget   | ConfiguredQueryGraph (cquery-graph.ts) over
//                                          |                    | config's configuredGraph
//
// What a graph must answer is small: a node's key and the unconfigured Target behind it (for kind, attributes,
// location), how nodes compare for output, what a target pattern names, a node's direct prerequisites (edges
// carry their attribute and whether only a select() branch makes them), and the nodes an attribute names
// (labels()). Package-level questions — siblings, buildfiles, loadfiles, tests() expansion, visibility — exist
// only for the unconfigured graphs; a graph without them leaves `packages` undefined and the parser does not
// offer those functions (signatures.ts), as cquery does not.
//
// Errors: a graph throws QueryEvalError for a failure that ends the query (exit 7). Failures that --keep_going
// may skip (a missing dependency while computing a closure, a pattern naming nothing) go to `report`, which
// either throws or records the error and lets evaluation continue with partial results (exit 3).

import type { Profile } from '../base/index.ts';
import { errorLoadingPackageInError, type BuildEvent, type Label, type Package, type Target } from '../loading/index.ts';
import type { QueryExpr } from './syntax/index.ts';

/** A direct dependency edge. */
export interface QueryEdge<T> {
  readonly to: T;
  /** The attribute the label is written in (`srcs`, `$genrule_setup`, …). */
  readonly attr: string;
  /** Only some select() branch (or key) makes this edge. */
  readonly select: boolean;
  /** An implicit dependency (attribute not settable in BUILD files). */
  readonly implicit: boolean;
  /** A host/exec tool dependency (genrule tools). */
  readonly tool: boolean;
}

/** Package-level access, for the unconfigured graphs only. */
export interface PackageAccess<T> {
  /** The loaded package of a node (for siblings, buildfiles, loadfiles). */
  packageOf(node: T): Package;
  /** The package of a node in any repository (a built-in one's too), when loaded: what attribute values read. */
  anyPackageOf?(node: T): Package | undefined;
  /** Every target of a package, as nodes, in name order. */
  targetsOf(pkg: Package): T[];
  /** The node for a label; reports (and returns undefined) when it does not exist. */
  node(label: Label): T | undefined;
  /** The node for a workspace file that is a target (a BUILD file, a .bzl file), creating it when needed. */
  fileNode(path: string): T | undefined;
  /** A .bzl file (or its package's BUILD file) as loaded by the package whose BUILD file is `loadedFrom`. */
  loadNode?(path: string, loadedFrom: string): T | undefined;
  /**
   * Whether the query knows a package's BUILD file (Bazel's CachingPackageLocator): genquery knows only its scope's
   * packages, so buildfiles() leaves out the BUILD file of a loaded .bzl file's package outside them.
   */
  knowsPackage?(label: Label): boolean;
  /** The BUILD file of a main-repository package, found without loading the package (its package lookup). */
  buildFileOf?(pkg: string): string | undefined;
}

export interface QueryGraph<T> {
  readonly command: 'query' | 'cquery' | 'genquery';
  readonly profile: Profile;
  /** Unique within the graph: the label, or `label (config)` for configured targets. */
  key(node: T): string;
  /** The unconfigured target behind a node. */
  target(node: T): Target;
  /** The configuration id a node is in (cquery), null for source files, undefined for unconfigured graphs. */
  config?(node: T): string | null;
  /** Output order: labels as Bazel's Label.compareTo, then configuration. */
  compare(a: T, b: T): number;
  /** The nodes a target pattern names, in package then name order. Throws QueryEvalError. */
  resolvePattern(word: string): T[];
  /**
   * Direct prerequisites, filtered by --implicit_deps / --host_deps, without duplicates. `bounded`: for a
   * depth-bounded deps(), whose traversal Bazel 4.2.3 runs without reporting edges into packages in error.
   */
  deps(node: T, bounded?: boolean): readonly QueryEdge<T>[];
  /**
   * The nodes attribute `attr` of a rule names (labels()); undefined when the rule has no such attribute.
   * `missing`: what to do with a label that names nothing (by default, report its error).
   */
  labelsOf(node: T, attr: string, missing?: (message: string) => void): T[] | undefined;
  /** Why a label names no target ("no such target '…': …"), without reporting it; undefined when it names one. */
  lookupError?(label: Label): string | undefined;
  /** Package-level access (query and genquery only). */
  readonly packages?: PackageAccess<T>;
  /**
   * An error --keep_going may skip: throws QueryEvalError(message) unless keep-going, else records it and prints
   * `keepGoingMessage` (default: the message).
   */
  report(message: string, keepGoingMessage?: string): void;
  /** Console lines produced while the graph was explored (loading errors…), in order. */
  readonly events: BuildEvent[];
  /** After deps(node): whether the node could not be fully expanded (EvalOptions.closureErrors). */
  closureFailed?(node: T): boolean;
}

/**
 * An error that ends query evaluation (exit code 7), with Bazel's message ('' when already reported). A
 * function's error (`evaluation: true`) prints as `Evaluation of query "<expr>" failed: <message>`; a target
 * pattern's prints alone.
 */
export class QueryEvalError extends Error {
  override readonly name = 'QueryEvalError';
  constructor(
    message: string,
    readonly evaluation = false,
    /** The (sub)expression that failed, when it is not the whole query (Bazel's "Evaluation of subquery"). */
    readonly failedExpr?: QueryExpr,
  ) {
    super(message);
  }
}

/**
 * Where Bazel itself crashes (exit 37, "FATAL: bazel crashed due to an internal error"): the Java exception it
 * prints, so that rulepen reproduces a known Bazel bug instead of an answer Bazel never gives.
 */
export class BazelCrash extends Error {
  override readonly name = 'BazelCrash';
  constructor(
    readonly exception: string,
    message: string,
  ) {
    super(message);
  }
}

/** A recursive pattern met a package in error without --keep_going: loading stops, as a build's does. */
export class PackageInErrorError extends QueryEvalError {
  constructor(readonly pkg: string) {
    super(errorLoadingPackageInError(pkg));
  }
}

/** A query function's error (printed after `Evaluation of query "…" failed: `). */
export function evaluationError(message: string): QueryEvalError {
  return new QueryEvalError(message, true);
}

/** An ordered set of nodes keyed by QueryGraph.key. */
export type NodeSet<T> = Map<string, T>;

export function nodeSet<T>(graph: QueryGraph<T>, nodes: Iterable<T>): NodeSet<T> {
  const m: NodeSet<T> = new Map();
  for (const n of nodes) m.set(graph.key(n), n);
  return m;
}
