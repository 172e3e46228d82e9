// The query test idiom of Bazel's AbstractQueryTest: write files into a virtual workspace, then evaluate an
// expression and compare the result, as sorted labels joined by spaces, with what Bazel gives:
//
//   const t = new QueryTest('4.2.3');
//   t.writeFile('c/BUILD', 'genrule(name = "c", outs = ["c.out"], cmd = "x")\nfilegroup(name = "d")');
//   expect(t.evalToString('kind(rule, //c:*)')).toBe('//c:c //c:d');
//
// `evalInOrder` keeps the output order of the profile (and the given --order_output); `format` runs an output
// formatter. Evaluation errors throw QueryEvalError, as in Bazel's test (evalThrows).

import { compareLabels, labelToString, Loader, Workspace, type Target } from '../loading/index.ts';
import { Evaluator } from './evaluate.ts';
import type { EvalOptions } from './function.ts';
import { formatterFor, type OutputOptions } from './output/index.ts';
import { orderResult, type OrderOutput } from './order.ts';
import { functionSignatures, parseQuery } from './syntax/index.ts';
import { TargetGraph, type TargetGraphOptions } from './target-graph.ts';

export const TEST_WORKSPACE_DIR = '/ws';

export class QueryTest {
  readonly files: Record<string, string> = { WORKSPACE: '' };

  /** `version` is what `.bazelversion` holds: '4.2.3' (the corpus profile) or a current version. */
  constructor(version = '4.2.3') {
    this.files['.bazelversion'] = version;
  }

  writeFile(path: string, ...lines: string[]): this {
    this.files[path] = lines.join('\n') + '\n';
    return this;
  }

  private run(expr: string, graphOpts: Partial<TargetGraphOptions> = {}, evalOpts: EvalOptions = {}) {
    const ws = new Workspace(this.files);
    const loader = new Loader(ws, { workspaceDir: TEST_WORKSPACE_DIR });
    const graph = new TargetGraph(loader, { keepGoing: false, implicitDeps: true, ...graphOpts });
    const parsed = parseQuery(expr, functionSignatures({ command: 'query', someTakesCount: ws.profile.querySomeTakesCount, skyQuery: (evalOpts.universeScope?.length ?? 0) > 0 }));
    const ev = new Evaluator(graph, evalOpts);
    const result = ev.eval(parsed);
    return { ws, graph, ev, result };
  }

  /** The result's labels, sorted, joined by spaces. */
  evalToString(expr: string, graphOpts: Partial<TargetGraphOptions> = {}, evalOpts: EvalOptions = {}): string {
    const { result } = this.run(expr, graphOpts, evalOpts);
    return [...result.values()]
      .sort((a: Target, b: Target) => compareLabels(a.label, b.label))
      .map((t) => labelToString(t.label))
      .join(' ');
  }

  /** The result's labels in output order. */
  evalInOrder(expr: string, order: OrderOutput = 'auto', graphOpts: Partial<TargetGraphOptions> = {}): string {
    const { ws, graph, ev, result } = this.run(expr, graphOpts);
    return orderResult(graph, result, order, ws.profile.queryDefaultOrder, (k) => ev.exploredEdges(k))
      .map((t) => labelToString(t.label))
      .join(' ');
  }

  /** The output of `--output=<format>` (text formats). */
  format(expr: string, format: string, opts: Partial<OutputOptions> & { order?: OrderOutput } = {}): string {
    const { ws, graph, ev, result } = this.run(expr, { implicitDeps: opts.implicitDeps ?? true });
    const order = opts.order ?? 'auto';
    const nodes = orderResult(graph, result, order, ws.profile.queryDefaultOrder, (k) => ev.exploredEdges(k));
    const out = formatterFor(format, ws)!({
      graph,
      nodes,
      set: result,
      options: {
        workspaceDir: TEST_WORKSPACE_DIR,
        relativeLocations: false,
        orderFull: order === 'full',
        graphFactored: true,
        graphNodeLimit: 512,
        xmlLineNumbers: true,
        xmlDefaultValues: false,
        protoDefaultValues: true,
        implicitDeps: true,
        ...opts,
      },
    });
    return typeof out === 'string' ? out : Array.from(out, (b) => b.toString(16).padStart(2, '0')).join('');
  }
}
