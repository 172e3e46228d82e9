// `query`: parses the expression, evaluates it over the unconfigured graph, orders and prints the result, with
// Bazel's messages and exit codes (2: bad command line or syntax; 7: evaluation failed; 3: partial results
// under --keep_going; 0: success, an empty result included). The result graph goes to CommandResult.graph for
// the UI's graph panel.

import { labelToString, Loader, targetKind, type Target } from '../loading/index.ts';
import {
  Evaluator,
  exprToString,
  formatterFor,
  functionSignatures,
  conditionalEdgesLimit,
  GRAPH_FORMATS,
  orderResult,
  parseQuery,
  QueryEvalError,
  QuerySyntaxError,
  subExpressions,
  TargetGraph,
  type NodeSet,
  type OrderOutput,
  type OutputOptions,
  type QueryExpr,
  type QueryGraph,
} from '../query/index.ts';
import { commandOptions, optionReader, optionValue } from './options.ts';
import { EXIT, Console, type CommandResult, type ResultGraph, type ResultGraphEdge, type ResultGraphNode } from './result.ts';
import { outputBaseOf, type CommandContext } from './context.ts';

/**
 * The query expression: the residue, or the workspace-relative file --query_file names (never both); a
 * CommandResult when neither or both are given, or the file is missing.
 */
export function expressionText(ctx: CommandContext, residue: readonly string[], queryFile: unknown, command: string, out: Console): string | CommandResult {
  const file = String(queryFile ?? '');
  if (file === '') {
    if (residue.length > 0) return residue.join(' ');
    out.line('error', `missing query expression. Type 'bazel help ${command}' for syntax and help`);
    return out.result(EXIT.COMMAND_LINE_ERROR);
  }
  if (residue.length > 0) {
    out.line('error', 'Command-line query and --query_file cannot both be specified');
    return out.result(EXIT.COMMAND_LINE_ERROR);
  }
  const text = ctx.workspace.read(file.replace(/^\.\//, ''));
  if (text === undefined) {
    out.line('error', `I/O error reading from ${file}`);
    return out.result(EXIT.COMMAND_LINE_ERROR);
  }
  return text;
}

export function queryCommand(ctx: CommandContext, args: readonly string[]): CommandResult {
  const out = new Console(ctx.workspaceDir);
  const { workspace } = ctx;
  const profile = workspace.profile;
  const parsed = commandOptions(ctx, 'query', args);
  if ('failed' in parsed) return parsed.failed;
  const cl = parsed.commandLine;
  const { given, flag, list } = optionReader(cl);
  const text = expressionText(ctx, cl.residue, given('query_file'), 'query', out);
  if (typeof text !== 'string') return text;
  const format = String(optionValue(cl, 'output') ?? 'label');
  const valid = profile.queryOutputs;
  if (!valid.includes(format)) {
    out.line('error', `Invalid output format '${format}'. Valid values are: ${valid.join(', ')}`);
    return out.result(EXIT.COMMAND_LINE_ERROR);
  }
  const formatter = formatterFor(format, workspace);
  if (!formatter) {
    out.line('error', `rulepen does not support query --output=${format} yet`);
    return out.result(EXIT.COMMAND_LINE_ERROR);
  }
  // --order_output wins; the deprecated --noorder_results means --order_output=no.
  const orderOutput = ((given('order_output') as string | undefined) ?? (given('order_results') === false ? 'no' : 'auto')) as OrderOutput;
  const keepGoing = flag('keep_going', false);
  const implicitDeps = flag('implicit_deps', true);
  const hostDeps = flag('host_deps', true) && flag('tool_deps', true);
  const universeScope = list('universe_scope');
  const skyQuery = universeScope.length > 0 || flag('infer_universe_scope', false);
  if (skyQuery && orderOutput === 'no' && GRAPH_FORMATS.includes(format)) {
    out.line('error', `--output=${format} is not supported with --order_output=no`);
    return out.result(EXIT.COMMAND_LINE_ERROR);
  }
  const expr = parseOrReport(text, functionSignatures({ command: 'query', someTakesCount: profile.querySomeTakesCount, skyQuery }), out);
  if ('exitCode' in expr) return expr;
  if (format === 'location' && [...subExpressions(expr)].some((e) => e.kind === 'call' && (e.name === 'buildfiles' || e.name === 'loadfiles'))) {
    out.line('error', "Query expressions involving 'buildfiles' or 'loadfiles' cannot be used with --output=location");
    return out.result(EXIT.COMMAND_LINE_ERROR);
  }

  const loader = new Loader(workspace, { workspaceDir: ctx.workspaceDir, cancel: ctx.cancel, cache: ctx.loadCache });
  const graph = new TargetGraph(loader, { keepGoing, implicitDeps, hostDeps, nodepDeps: flag('nodep_deps', true) });
  if (flag('infer_universe_scope', false) && universeScope.length === 0) {
    for (const e of subExpressions(expr)) if (e.kind === 'pattern') universeScope.push(e.word);
  }
  const ev = new Evaluator(graph, { strictTestSuite: flag('strict_test_suite', false), universeScope, closureErrors: true });
  let result: NodeSet<Target>;
  let printed = 0;
  const flush = () => {
    graph.syncEvents();
    // Without --keep_going a missing dependency stops the closure's traversal before the messages of its
    // dependencies in packages with errors (checked with 4.2.3).
    const stopped = !keepGoing && graph.missingDependency;
    out.events(graph.events.slice(printed).filter((e) => !(stopped && graph.inErrorMessages.has(e))));
    printed = graph.events.length;
  };
  const patterns = [...subExpressions(expr)].flatMap((e) => (e.kind === 'pattern' ? [e.word] : []));
  for (const w of patterns) graph.preloadPattern(w);
  if (!keepGoing) {
    // Bazel resolves the patterns before evaluating: the first that names nothing fails the query.
    const failed = patterns.map((w) => graph.preloadError(w)).find((m) => m !== undefined);
    if (failed !== undefined) {
      flush();
      out.line('error', failed);
      return out.result(EXIT.COMMAND_FAILURE);
    }
  }
  try {
    result = ev.eval(expr);
  } catch (e) {
    if (e instanceof QueryEvalError) {
      flush();
      if (e.message) {
        if (e.failedExpr && e.failedExpr !== expr) out.line('error', `Evaluation of subquery "${exprToString(e.failedExpr)}" failed (did you want to use --keep_going?): ${e.message}`);
        else if (e.evaluation) out.line('error', `Evaluation of query "${exprToString(expr)}" failed: ${e.message}`);
        else out.line('error', e.message);
      }
      return out.result(EXIT.COMMAND_FAILURE);
    }
    throw e;
  }
  flush();
  let partial = graph.skippedErrors.length > 0;
  if (graph.closureError) {
    if (!keepGoing) {
      out.line('error', `Evaluation of query "${exprToString(expr)}" failed: errors were encountered while computing transitive closure`);
      return out.result(EXIT.COMMAND_FAILURE);
    }
    // Under --keep_going the failing call has reported it (Evaluator.eval) and the query goes on.
    partial = true;
  }
  if (graph.packagesInError.size > 0) {
    if (!keepGoing) {
      const hard = [...graph.packagesInError].some((p) => p.evalError);
      out.line('error', `Evaluation of query "${exprToString(expr)}" failed${hard ? '' : ' due to BUILD file errors'}`);
      return out.result(EXIT.COMMAND_FAILURE);
    }
    partial = true;
  }
  if (partial) out.line('warning', '--keep_going specified, ignoring errors. Results may be inaccurate');
  const explored = (k: string) => ev.exploredEdges(k);
  // Current Bazel's lexicographic default keeps a top-level somepath() in path order.
  // --[no]incompatible_lexicographical_output picks the `auto` ordering; unset, the profile's default holds.
  const lexicographical = given('incompatible_lexicographical_output');
  const defaultOrder = lexicographical === undefined ? profile.queryDefaultOrder : lexicographical === true ? 'lexicographic' : 'dependency';
  const pathOrder = orderOutput === 'auto' && defaultOrder === 'lexicographic' && expr.kind === 'call' && expr.name === 'somepath';
  const ordered = orderResult(graph, result, pathOrder ? 'no' : orderOutput, defaultOrder, explored);
  if (ordered.length === 0) out.line('info', 'Empty results');
  const nodeLimit = Number(given('graph:node_limit') ?? 512);
  const options: OutputOptions = {
    workspaceDir: ctx.workspaceDir,
    outputBase: outputBaseOf(ctx),
    relativeLocations: flag('relative_locations', false),
    displaySourceFileLocation: flag('incompatible_display_source_file_location', profile.displaySourceFileLocation.default),
    orderFull: orderOutput === 'full',
    graphFactored: flag('graph:factored', true),
    graphNodeLimit: Number.isFinite(nodeLimit) ? nodeLimit : 512,
    graphConditionalEdgesLimit: conditionalEdgesLimit(given('graph:conditional_edges_limit')),
    xmlLineNumbers: flag('xml:line_numbers', true),
    xmlDefaultValues: flag('xml:default_values', false),
    protoDefaultValues: flag('proto:default_values', true),
    implicitDeps,
    consistentLabels: flag('consistent_labels', false),
  };
  let printedOut = formatter({ graph, nodes: ordered, set: result, options, explored });
  // --line_terminator_null (--null): the line-oriented formats end each line with \0 instead of a newline.
  if (typeof printedOut === 'string' && flag('line_terminator_null', false) && LINE_TERMINATED_FORMATS.includes(format)) printedOut = printedOut.replaceAll('\n', '\0');
  if (typeof printedOut === 'string') out.stdout(printedOut);
  else out.stdout(latin1(printedOut));
  const res = out.result(partial ? EXIT.PARTIAL_ANALYSIS_FAILURE : EXIT.SUCCESS);
  if (typeof printedOut !== 'string') res.stdoutBytes = printedOut;
  if (ctx.resultGraph !== false) res.graph = resultGraph(graph, ordered, result);
  return res;
}

/** The query outputs Bazel writes with the line terminator of --line_terminator_null (xml and proto never). */
const LINE_TERMINATED_FORMATS: readonly string[] = ['label', 'label_kind', 'package', 'location', 'minrank', 'maxrank', 'graph', 'build'];

/** Binary output (proto) carried in the stdout string, one char per byte. */
export function latin1(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return s;
}

/** The parsed expression, or the result Bazel gives for a syntax error (exit 2). */
export function parseOrReport(text: string, signatures: Parameters<typeof parseQuery>[1], out: Console): QueryExpr | CommandResult {
  try {
    return parseQuery(text, signatures);
  } catch (e) {
    if (!(e instanceof QuerySyntaxError)) throw e;
    out.line('error', `Error while parsing '${text}': ${e.message}`);
    return out.result(EXIT.COMMAND_LINE_ERROR);
  }
}

/** Above this many nodes a result is too big to draw, and its edges (every node's deps) are not computed. */
export const MAX_GRAPH_EDGES_NODES = 2000;

/** The result as nodes and edges for the UI's graph panel (edges between result nodes only). */
export function resultGraph<T>(graph: QueryGraph<T>, nodes: readonly T[], set: NodeSet<T>): ResultGraph {
  const outNodes: ResultGraphNode[] = nodes.map((n) => {
    const t = graph.target(n);
    const label = labelToString(t.label);
    const config = graph.config ? (graph.config(n) ?? 'null') : undefined;
    return {
      id: graph.key(n),
      label,
      kind: targetKind(t),
      ...(config !== undefined ? { config } : {}),
      location: { file: t.location.file, line: t.location.line, column: t.location.column },
    };
  });
  const edges: ResultGraphEdge[] = [];
  if (nodes.length > MAX_GRAPH_EDGES_NODES) return { nodes: outNodes, edges, edgesOmitted: true };
  for (const n of nodes) {
    for (const e of graph.deps(n)) {
      const to = graph.key(e.to);
      if (!set.has(to)) continue;
      edges.push({ from: graph.key(n), to, ...(e.attr ? { attr: e.attr } : {}), ...(e.select ? { select: true } : {}), ...(e.tool ? { tool: true } : {}) });
    }
  }
  return { nodes: outNodes, edges };
}
