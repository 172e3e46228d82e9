// The query evaluator, generic over the graph it runs on (environment.ts): target patterns, `$x` and `let`,
// `set()`, the set operators, and calls of the functions in functions/ (one file each).
//
// Every expression evaluates to an insertion-ordered set of nodes. The operators keep the order of their left
// operand (Bazel's sets are unordered too; output ordering is decided later, by order.ts). The evaluator also
// remembers which nodes had their dependencies explored — the ordering graph of Bazel 4.2.3 only knows edges
// out of those (see order.ts).

import { exprToString, type Argument, type QueryExpr } from './syntax/index.ts';
import { evaluationError, QueryEvalError, type NodeSet, type QueryGraph } from './environment.ts';
import type { EvalOptions, QueryEvaluator, Vars } from './function.ts';
import { FUNCTIONS } from './functions/index.ts';

/** cquery parses every query function but evaluates these with Bazel's refusal (PostAnalysisQueryTest; 4.2.3 alike). */
const NOT_POST_ANALYSIS: Readonly<Record<string, string>> = {
  visible: 'visible() is not supported on configured targets',
  siblings: 'siblings() not supported for post analysis queries',
  buildfiles: "buildfiles() doesn't make sense for the configured target graph",
  // Bazel's loadfiles() reuses buildfiles()'s message.
  loadfiles: "buildfiles() doesn't make sense for the configured target graph",
};

/** The functions that compute a transitive closure (BlazeQueryEnvironment.buildTransitiveClosure). */
const CLOSURE_FUNCTIONS = new Set(['deps', 'rdeps', 'allpaths', 'somepath']);

export class Evaluator<T> implements QueryEvaluator<T> {
  /** Nodes whose dependencies were explored (4.2.3's ordering graph has edges out of these only). */
  readonly explored = new Set<string>();

  constructor(
    readonly graph: QueryGraph<T>,
    readonly options: EvalOptions = {},
  ) {}

  /** Direct dependencies, recording that the node's edges are now known. */
  /**
   * Nodes wildcard patterns named, with the patterns' numbers: their edges to nodes one of the same patterns
   * named, except visibility ones, are known.
   */
  readonly patternExplored = new Map<string, ReadonlySet<number>>();
  private patterns = 0;

  /** Set when a traversal met a node it could not expand (EvalOptions.closureErrors), until its call ends. */
  private closureFailure = false;
  /** Set once a call's traversal has failed in this query (Bazel's error state then stays). */
  private closureFailed = false;

  deps(node: T, bounded?: boolean) {
    const k = this.graph.key(node);
    this.explored.add(k);
    this.patternExplored.delete(k);
    const edges = this.graph.deps(node, bounded);
    if (this.options.closureErrors && this.graph.closureFailed?.(node)) this.closureFailure = true;
    return edges;
  }

  /** The ordering graph's view of a node's edges (order.ts): all, the non-visibility ones, or none. */
  exploredEdges(key: string): 'all' | ReadonlySet<number> | 'none' {
    return this.explored.has(key) ? 'all' : this.patternExplored.get(key) ?? 'none';
  }

  set(nodes: Iterable<T>): NodeSet<T> {
    const m: NodeSet<T> = new Map();
    if (Array.isArray(nodes)) {
      const ns = nodes as readonly T[];
      for (let i = 0; i < ns.length; i++) m.set(this.graph.key(ns[i]!), ns[i]!);
    } else for (const n of nodes) m.set(this.graph.key(n), n);
    return m;
  }

  /** Every node reachable from `roots` (roots included), up to `depth` edges (Infinity: no limit), BFS order. */
  closure(roots: Iterable<T>, depth = Infinity): NodeSet<T> {
    const out: NodeSet<T> = new Map();
    let frontier: T[] = [];
    for (const r of roots) {
      const k = this.graph.key(r);
      if (!out.has(k)) {
        out.set(k, r);
        frontier.push(r);
      }
    }
    // Indexed loops: the traversal runs before V8 optimises it, when for-of allocates an iterator result per step.
    for (let d = 0; d < depth && frontier.length > 0; d++) {
      const next: T[] = [];
      for (let i = 0; i < frontier.length; i++) {
        const edges = this.deps(frontier[i]!, depth !== Infinity);
        for (let j = 0; j < edges.length; j++) {
          const to = edges[j]!.to;
          const k = this.graph.key(to);
          if (out.has(k)) continue;
          out.set(k, to);
          next.push(to);
        }
      }
      frontier = next;
    }
    return out;
  }

  eval(e: QueryExpr, vars: Vars<T> = new Map()): NodeSet<T> {
    switch (e.kind) {
      case 'pattern':
        return this.pattern(e.word);
      case 'var': {
        const v = vars.get(e.name);
        if (!v) throw evaluationError(`undefined variable '${e.name}'`);
        return v;
      }
      case 'let': {
        const value = this.eval(e.value, vars);
        const inner = new Map(vars);
        inner.set(e.name, value);
        return this.eval(e.body, inner);
      }
      case 'set': {
        const out: NodeSet<T> = new Map();
        for (const w of e.words) for (const [k, t] of this.eval(w.word.startsWith('$') ? { kind: 'var', name: w.word.slice(1) } : w, vars)) out.set(k, t);
        return out;
      }
      case 'binary': {
        let acc = new Map(this.eval(e.operands[0]!, vars));
        for (const o of e.operands.slice(1)) {
          const rhs = this.eval(o, vars);
          // A union keeps the node it met first for a key (a buildfiles() load target over the BUILD file).
          if (e.op === 'union') {
            for (const [k, t] of rhs) if (!acc.has(k)) acc.set(k, t);
          } else if (e.op === 'intersect') acc = new Map([...acc].filter(([k]) => rhs.has(k)));
          else for (const k of rhs.keys()) acc.delete(k);
        }
        return acc;
      }
      case 'call': {
        const fn = FUNCTIONS.get(e.name);
        if (!fn) throw evaluationError(`unknown query function '${e.name}'`);
        const unsupported = this.graph.command === 'cquery' ? NOT_POST_ANALYSIS[e.name] : undefined;
        if (unsupported) {
          // visible() and siblings() refuse a target they must look at; with none there is nothing to refuse
          // (visible() of no targets to see from keeps them all). Checked with 4.2.3.
          if (e.name === 'visible') {
            const from = this.arg(e.args, 0, vars);
            const x = this.arg(e.args, 1, vars);
            if (from.size === 0 || x.size === 0) return x;
          } else if (e.name === 'siblings') {
            const x = this.arg(e.args, 0, vars);
            if (x.size === 0) return x;
          }
          throw new QueryEvalError(`Evaluation failed: ${unsupported}`);
        }
        const outer = this.closureFailure;
        this.closureFailure = false;
        const result = fn.evaluate(this, e.args, vars, e);
        // The innermost call whose traversal failed is the one that fails (with --keep_going its result stays).
        // Once one has, every later deps/rdeps/allpaths/somepath fails too, even over targets without errors
        // (checked with 4.2.3: `deps(//b:bad) + deps(//a:fine)` reports both).
        if (this.closureFailure || (this.closureFailed && CLOSURE_FUNCTIONS.has(e.name))) {
          this.closureFailed = true;
          const message = 'errors were encountered while computing transitive closure';
          try {
            this.graph.report(message, `Evaluation of query "${exprToString(e)}" failed: ${message}`);
          } catch (err) {
            if (err instanceof QueryEvalError) throw new QueryEvalError(message, true, e);
            throw err;
          }
        }
        this.closureFailure = outer;
        return result;
      }
    }
  }

  /** A target pattern; a pattern that fails is skipped under --keep_going. */
  pattern(word: string): NodeSet<T> {
    let nodes: T[];
    try {
      nodes = this.graph.resolvePattern(word);
    } catch (err) {
      if (!(err instanceof QueryEvalError) || !err.message || err.evaluation) throw err;
      this.graph.report(err.message, `Skipping '${word}': ${err.message}`);
      return new Map();
    }
    const set = this.set(nodes);
    // A wildcard pattern's targets have their edges among themselves in Bazel 4.2.3's ordering graph (`//...`
    // across packages; `//a:* + //z:*` not from //a to //z, but `//a:all + //...` from //a to all the //...
    // named); a single target has none. (Without visibility
    // edges: neither a rule's package groups nor a group's `includes` order a pattern.)
    if (/(^|[:/])(\.\.\.|all|\*|all-targets)$/.test(word)) {
      const n = ++this.patterns;
      const next = new Map<ReadonlySet<number> | undefined, ReadonlySet<number>>();
      set.forEach((_, k) => {
        if (this.explored.has(k)) return;
        // Nodes that had the same set share the new one (a pattern names thousands of nodes).
        const named = this.patternExplored.get(k);
        let withN = next.get(named);
        if (!withN) next.set(named, (withN = new Set(named ? [...named, n] : [n])));
        this.patternExplored.set(k, withN);
      });
    }
    return set;
  }

  /** The expression argument at `i`, evaluated. */
  arg(args: readonly Argument[], i: number, vars: Vars<T>): NodeSet<T> {
    const a = args[i]!;
    if (a.kind !== 'expression') throw new QueryEvalError('internal error: expected an expression argument');
    return this.eval(a.expr, vars);
  }
}
