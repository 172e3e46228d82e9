// genquery's query: the engine run over the unconfigured graph cut to the transitive closure of `scope`, with
// GenQuery's restrictions (Bazel 4.2.3's GenQuery.java, which runs it during analysis):
//
//   - `opts` are query options with no residue; --keep_going, --query_file, --universe_scope, --order_results,
//     --noorder_results, --order_output (and, modern, --experimental_graphless_query) are refused:
//     "option --keep_going is not allowed"; a parse failure is "error while parsing query options: …".
//     Every other query option applies (--output, --noimplicit_deps, --nohost_deps, --graph:*, --xml:*, …).
//   - labels in `expression` are resolved from the workspace root, not the genquery's package;
//   - a recursive pattern (`//x/...`) is refused: "recursive target patterns are not permitted: '//x/...'";
//     `:all` and `:*` name their package's rules / targets, each of which must lie in the scope (`:*` includes
//     the BUILD file, which never does);
//   - a target outside the closure fails the query (strict, the default): "target '//x:y' is not within the
//     scope of the query"; with strict = False it is skipped with the warning "… Skipping";
//   - the output is deterministic: --order_output=full and --relative_locations are forced (profile row
//     genqueryDefaultOrder: current Bazel orders lexicographically except graph/minrank/maxrank and a top-level
//     somepath), graph edges sorted by label.
//
// `evaluateGenquery` returns the output bytes, or the error as Bazel words it (with the attribute it concerns),
// plus an explanation for the UI: the scope closure, and for a violation the path from the expression to it.

import { utf8Encode } from '../base/index.ts';
import { lastValue, OptionsError, parseOptionWords } from '../config/index.ts';
import {
  labelToString,
  Loader,
  packageIdToString,
  type Label,
  type RuleTarget,
  type Target,
  type TargetPattern,
} from '../loading/index.ts';
import { evaluationError, QueryEvalError, type NodeSet, type QueryEdge } from './environment.ts';
import { Evaluator } from './evaluate.ts';
import { conditionalEdgesLimit, formatterFor, GRAPH_FORMATS, type OutputOptions } from './output/index.ts';
import { lexicographicOrder, dependencyOrder } from './order.ts';
import { functionSignatures, parseQuery, QuerySyntaxError, subExpressions, type QueryExpr } from './syntax/index.ts';
import { TargetGraph } from './target-graph.ts';

const FORBIDDEN = ['keep_going', 'query_file', 'universe_scope', 'order_results', 'order_output', 'experimental_graphless_query'];

export interface GenqueryExplanation {
  readonly expression: string;
  readonly scope: readonly string[];
  /** The labels of the scope's transitive closure, sorted. */
  readonly closure: readonly string[];
  readonly strict: boolean;
  /** Targets the query reached outside the closure (the first one failed a strict query). */
  readonly outOfScope: readonly string[];
  /** The result labels, in output order (when the query ran). */
  readonly result?: readonly string[];
  /** The `opts` attribute as written. */
  readonly opts: readonly string[];
  /** The warnings of the query (strict = False: the targets skipped). */
  readonly warnings: readonly string[];
  /**
   * The first target outside the closure: `path` runs from the expression's term that reached it (a pattern as
   * written, or the target whose attribute `labels()` read) to it; `toScope`, when the target depends on the
   * scope, is one dependency path from it down to a scope target (a scope only reaches downwards).
   */
  readonly violation?: { readonly target: string; readonly path: readonly string[]; readonly toScope?: readonly string[] };
}

export type GenqueryResult =
  | { readonly ok: true; readonly output: Uint8Array; readonly warnings: readonly string[]; readonly explanation: GenqueryExplanation }
  | {
      readonly ok: false;
      /** `opts` when the options are wrong, else undefined (the rule as a whole). */
      readonly attribute?: 'opts';
      /** The message after `in genquery rule //q:q: ` (or `in opts attribute of genquery rule //q:q: `). */
      readonly message: string;
      /**
       * Errors reported before the rule's own: the broken targets of the scope's closure, each already located
       * (`<BUILD file>:<line>:<col>: … referenced by …`), or a missing scope target (`unlocated`, printed at the rule).
       */
      readonly errors?: readonly string[];
      readonly unlocated?: boolean;
      readonly warnings: readonly string[];
      readonly explanation: GenqueryExplanation;
    };

export interface GenqueryInput {
  readonly loader: Loader;
  readonly rule: RuleTarget;
  /** The absolute workspace path Bazel prints (defaults to the loader's). */
  readonly workspaceDir?: string;
  /** Bazel's output base (external repositories' files are printed under it). */
  readonly outputBase?: string;
  /**
   * The configurable attributes with select() resolved for the configuration being analysed (expression, opts,
   * strict may be select()s); without them the rule's plain values are used (a select() there is not resolved).
   */
  readonly resolved?: { readonly expression: string; readonly opts: readonly string[]; readonly strict: boolean };
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? (v as unknown[]).filter((x): x is string => typeof x === 'string') : [];
}

/** The unconfigured graph restricted to a closure: targets outside it are refused or skipped. */
class ScopedTargetGraph extends TargetGraph {
  override readonly command = 'genquery' as const;
  readonly outOfScope: string[] = [];
  readonly warnings: string[] = [];
  /** For each out-of-scope target, the expression's term that reached it, then the target. */
  readonly paths = new Map<string, { path: string[]; target: Target }>();

  constructor(
    loader: Loader,
    opts: ConstructorParameters<typeof TargetGraph>[1],
    private readonly closure: ReadonlySet<string>,
    private readonly strict: boolean,
    private readonly closurePackages: ReadonlySet<string>,
  ) {
    super(loader, opts);
  }

  /** Only the scope's packages are loaded (GenQuery's package provider is its package locator too). */
  protected override knowsPackage(label: Label): boolean {
    return this.closurePackages.has(packageIdToString(label.repo, label.pkg));
  }

  /** Keeps in-scope targets; a target outside fails (strict) or is skipped with a warning. */
  private inScope(ts: Target[], via: string): Target[] {
    const out: Target[] = [];
    for (const t of ts) {
      const l = labelToString(t.label);
      if (this.closure.has(l)) {
        out.push(t);
        continue;
      }
      this.outOfScope.push(l);
      if (!this.paths.has(l)) this.paths.set(l, { path: via === l ? [l] : [via, l], target: t });
      const msg = `target '${l}' is not within the scope of the query`;
      if (this.strict) throw evaluationError(msg);
      this.warnings.push(`${msg}. Skipping`);
    }
    return out;
  }

  override resolveParsed(p: TargetPattern): Target[] {
    if (p.kind === 'below') throw new QueryEvalError(`recursive target patterns are not permitted: '${p.raw}'`);
    return this.inScope(super.resolveParsed(p), p.raw);
  }

  override deps(t: Target, bounded?: boolean): readonly QueryEdge<Target>[] {
    // The closure is closed under dependencies, except for edges --noimplicit_deps/--nohost_deps drop anyway.
    return super.deps(t, bounded).filter((e) => this.closure.has(labelToString(e.to.label)));
  }

  override labelsOf(t: Target, attr: string): Target[] | undefined {
    const ls = super.labelsOf(t, attr);
    return ls === undefined ? undefined : this.inScope(ls, labelToString(t.label));
  }
}

/** The transitive closure of the scope (every edge, implicit ones included; visibility per profile), as label strings. */
function scopeClosure(loader: Loader, scope: readonly Label[]): { closure: Set<string>; packages: Set<string>; error?: string; broken: boolean; transitiveErrors: string[] } {
  const visibility = loader.profile.genqueryScopeVisibility;
  const g = new TargetGraph(loader, { keepGoing: true, implicitDeps: true, hostDeps: true });
  const closure = new Set<string>();
  const packages = new Set<string>();
  const queue: Target[] = [];
  for (const l of scope) {
    let t: Target;
    try {
      t = g.target_(l);
    } catch (e) {
      if (e instanceof QueryEvalError) return { closure, packages, error: e.message, broken: true, transitiveErrors: [] };
      throw e;
    }
    queue.push(t);
  }
  while (queue.length > 0) {
    const t = queue.pop()!;
    const k = labelToString(t.label);
    if (closure.has(k)) continue;
    closure.add(k);
    packages.add(packageIdToString(t.label.repo, t.label.pkg));
    // Bazel 4.2.3's scope traversal (TransitiveTargetFunction) does not follow visibility to package groups.
    for (const e of g.deps(t)) if (visibility || e.attr !== 'visibility') queue.push(e.to);
  }
  g.syncEvents();
  // The closure's own errors; a package's loading errors are the loader's events, printed once when it loaded.
  const loaded = new Set(loader.events);
  const transitiveErrors = g.closureError ? g.events.filter((e) => e.severity === 'error' && !loaded.has(e)).map((e) => e.text) : [];
  return { closure, packages, broken: g.closureError, transitiveErrors };
}

/** One dependency path from `from` down to a scope target (every edge, breadth first), or undefined. */
function pathToScope(loader: Loader, from: Target, scope: ReadonlySet<string>): string[] | undefined {
  const g = new TargetGraph(loader, { keepGoing: true, implicitDeps: true, hostDeps: true });
  const parent = new Map<string, string | null>([[labelToString(from.label), null]]);
  const queue: Target[] = [from];
  for (let i = 0; i < queue.length; i++) {
    const t = queue[i];
    const k = labelToString(t.label);
    if (scope.has(k)) {
      const path: string[] = [];
      for (let at: string | null = k; at !== null; at = parent.get(at) ?? null) path.unshift(at);
      return path;
    }
    for (const e of g.deps(t)) {
      const d = labelToString(e.to.label);
      if (parent.has(d)) continue;
      parent.set(d, k);
      queue.push(e.to);
    }
  }
  return undefined;
}

export function evaluateGenquery(input: GenqueryInput): GenqueryResult {
  const { loader, rule } = input;
  const profile = loader.profile;
  const workspaceDir = input.workspaceDir ?? loader.workspaceDir;
  const expression = input.resolved?.expression ?? String(rule.attrs.get('expression') ?? '');
  const scope = (rule.attrs.get('scope') as readonly Label[] | undefined) ?? [];
  const strict = input.resolved ? input.resolved.strict : rule.attrs.get('strict') !== false;
  const opts = input.resolved ? [...input.resolved.opts] : strings(rule.attrs.get('opts'));
  const explanation: { -readonly [K in keyof GenqueryExplanation]: GenqueryExplanation[K] } = {
    expression,
    scope: scope.map(labelToString),
    closure: [],
    strict,
    outOfScope: [],
    opts,
    warnings: [],
  };
  const warnings: string[] = [];
  explanation.warnings = warnings;
  const fail = (message: string, attribute?: 'opts'): GenqueryResult => ({
    ok: false,
    attribute,
    message,
    warnings,
    explanation,
  });

  // Options.
  let options;
  try {
    options = parseOptionWords(opts, { command: 'query', source: { kind: 'command-line' } });
  } catch (e) {
    if (e instanceof OptionsError) return fail(`error while parsing query options: ${e.message.replace(/^.* :: /, '')}`, 'opts');
    throw e;
  }
  for (const o of options.options) {
    if (FORBIDDEN.includes(o.name)) {
      const written = o.name === 'order_results' && o.value === false ? 'noorder_results' : o.name;
      return fail(`option --${written} is not allowed`, 'opts');
    }
  }
  if (options.residue.length > 0) return fail(`error while parsing query options: Unrecognized arguments: ${options.residue.join(' ')}`, 'opts');
  const given = (n: string) => lastValue(options.options, n)?.value;
  const flag = (n: string, d: boolean) => (given(n) === undefined ? d : given(n) === true);
  const format = String(given('output') ?? 'label');
  // Options parse, then GenQuery looks the format up among its formatters: a rule error, not an attribute's.
  if (!profile.genqueryOutputs.includes(format)) {
    return fail(`Invalid output format '${format}'. Valid values are: ${profile.genqueryOutputs.join(', ')}`);
  }
  const formatter = formatterFor(format, loader.workspace)!;

  // The expression.
  let expr: QueryExpr;
  try {
    expr = parseQuery(expression, functionSignatures({ command: 'genquery', someTakesCount: profile.querySomeTakesCount }));
  } catch (e) {
    if (e instanceof QuerySyntaxError) return fail(`query syntax error: ${e.message}`);
    throw e;
  }
  if (format === 'location' && [...subExpressions(expr)].some((e) => e.kind === 'call' && (e.name === 'buildfiles' || e.name === 'loadfiles'))) {
    return fail("query failed: Query expressions involving 'buildfiles' or 'loadfiles' cannot be used with --output=location");
  }

  // The scope and its closure.
  const sc = scopeClosure(loader, scope);
  explanation.closure = [...sc.closure].sort();
  // genquery itself meets a broken closure: each error is reported, then the rule fails as a whole. Where the scope
  // is analysed (4.2.3, profile row genqueryScopeAnalysed) a missing scope target fails that analysis first, but the
  // closure follows every select() branch, so an error only an untaken branch reaches still fails here (seed 54352).
  if ((!profile.genqueryScopeAnalysed && sc.error !== undefined) || (sc.error === undefined && sc.broken)) {
    const errors = sc.error !== undefined ? [sc.error] : sc.transitiveErrors;
    const message = `errors were encountered while computing transitive closure of the scope${profile.genqueryScopeAnalysed ? '.' : ''}`;
    return { ok: false, message, errors, unlocated: sc.error !== undefined, warnings, explanation };
  }
  if (sc.error !== undefined) return fail(`query failed: ${sc.error}`);

  const implicitDeps = flag('implicit_deps', true);
  const hostDeps = flag('host_deps', true) && flag('tool_deps', true);
  const nodepDeps = flag('nodep_deps', profile.genqueryNodepDeps);
  const graph = new ScopedTargetGraph(loader, { keepGoing: false, implicitDeps, hostDeps, nodepDeps }, sc.closure, strict, sc.packages);
  const explainViolation = () => {
    const first = graph.outOfScope[0];
    if (first === undefined) return;
    const found = graph.paths.get(first);
    const toScope = found && pathToScope(loader, found.target, new Set(explanation.scope));
    explanation.violation = { target: first, path: found?.path ?? [first], ...(toScope ? { toScope } : {}) };
  };
  // Bazel resolves every target pattern of the expression before evaluating it: a pattern that names nothing
  // fails the query before any target is found outside the scope (checked with 4.2.3).
  const unscoped = new TargetGraph(loader, { keepGoing: false, implicitDeps, hostDeps, nodepDeps });
  for (const e of subExpressions(expr)) {
    if (e.kind !== 'pattern' || e.word.endsWith('...')) continue;
    try {
      unscoped.resolvePattern(e.word);
    } catch (err) {
      if (err instanceof QueryEvalError && err.message && !err.evaluation) return fail(`query failed: ${err.message}`);
      throw err;
    }
  }
  const ev = new Evaluator(graph, { strictTestSuite: flag('strict_test_suite', false) });
  let result: NodeSet<Target>;
  try {
    result = ev.eval(expr);
  } catch (e) {
    explanation.outOfScope = graph.outOfScope;
    warnings.push(...graph.warnings);
    explainViolation();
    if (e instanceof QueryEvalError) return fail(`query failed: ${e.evaluation ? 'Evaluation failed: ' : ''}${e.message}`);
    throw e;
  }
  explanation.outOfScope = graph.outOfScope;
  warnings.push(...graph.warnings);
  explainViolation();

  // Ordering: 4.2.3 forces --order_output=full; current Bazel sorts, except where order is the point.
  const topSomepath = expr.kind === 'call' && expr.name === 'somepath';
  const lexicographic = profile.genqueryDefaultOrder === 'lexicographic' && !GRAPH_FORMATS.includes(format) && !topSomepath;
  // Dependency order over the edges the evaluation explored, as `bazel query` orders (order.ts).
  const ordered = lexicographic
    ? lexicographicOrder(graph, result)
    : topSomepath && profile.genqueryDefaultOrder === 'lexicographic'
      ? [...result.values()]
      : dependencyOrder(graph, result, (k) => ev.exploredEdges(k));
  explanation.result = ordered.map((t) => labelToString(t.label));
  const nodeLimit = Number(given('graph:node_limit') ?? 512);
  const outOptions: OutputOptions = {
    workspaceDir,
    outputBase: input.outputBase,
    relativeLocations: true,
    displaySourceFileLocation: flag('incompatible_display_source_file_location', profile.displaySourceFileLocation.default),
    orderFull: true,
    graphFactored: flag('graph:factored', true),
    graphNodeLimit: Number.isFinite(nodeLimit) ? nodeLimit : 512,
    graphConditionalEdgesLimit: conditionalEdgesLimit(given('graph:conditional_edges_limit')),
    graphSortEdges: true,
    xmlLineNumbers: flag('xml:line_numbers', true),
    xmlDefaultValues: flag('xml:default_values', false),
    protoDefaultValues: flag('proto:default_values', true),
    implicitDeps,
  };
  const out = formatter({ graph, nodes: ordered, set: result, options: outOptions, explored: (k) => ev.exploredEdges(k) });
  return { ok: true, output: typeof out === 'string' ? utf8Encode(out) : out, warnings, explanation };
}
