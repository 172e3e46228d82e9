// `query`: parses the expression, evaluates it over the unconfigured graph, orders and prints the result, with
// Bazel's messages and exit codes (2: bad command line or syntax; 7: evaluation failed; 3: partial results
// under --keep_going; 0: success, an empty result included).

import { Loader } from '../build/index.ts';
import {
  dependencyOrder,
  exprToString,
  formatTargets,
  functionSignatures,
  lexicographicOrder,
  parseQuery,
  QueryEnvironment,
  QueryEvalError,
  QuerySyntaxError,
  SUPPORTED_OUTPUTS,
  type OutputFormat,
  type QueryExpr,
  type TargetSet,
} from '../query/index.ts';
import { parseOptions, type OptionSpec } from './options.ts';
import { EXIT, Output, type CommandResult } from './result.ts';
import type { CommandContext } from './context.ts';

const QUERY_OPTIONS: readonly OptionSpec[] = [
  { name: 'output', kind: 'string' },
  { name: 'order_output', kind: 'string' },
  { name: 'order_results', kind: 'bool' },
  { name: 'keep_going', kind: 'bool', abbrev: 'k' },
  { name: 'implicit_deps', kind: 'bool' },
  { name: 'host_deps', kind: 'bool' },
  { name: 'tool_deps', kind: 'bool' },
  { name: 'universe_scope', kind: 'string' },
  { name: 'infer_universe_scope', kind: 'bool' },
  { name: 'relative_locations', kind: 'bool' },
  { name: 'strict_test_suite', kind: 'bool' },
  { name: 'graph:factored', kind: 'bool' },
  { name: 'graph:node_limit', kind: 'string' },
  { name: 'xml:line_numbers', kind: 'bool' },
  { name: 'xml:default_values', kind: 'bool' },
  { name: 'proto:default_values', kind: 'bool' },
  { name: 'noorder_results', kind: 'bool' },
  { name: 'experimental_graphless_query', kind: 'bool' },
  { name: 'consistent_labels', kind: 'bool' },
];

export function queryCommand(ctx: CommandContext, args: readonly string[]): CommandResult {
  const out = new Output();
  const { workspace } = ctx;
  let opts;
  try {
    opts = parseOptions(args, QUERY_OPTIONS);
  } catch (e) {
    out.line('error', (e as Error).message);
    return out.result(EXIT.COMMAND_LINE_ERROR);
  }
  const v = opts.values;
  if (opts.residue.length === 0) {
    out.line('error', "missing query expression. Type 'bazel help query' for syntax and help");
    return out.result(EXIT.COMMAND_LINE_ERROR);
  }
  const format = (v.get('output') as string | undefined) ?? 'label';
  const valid = workspace.profile.queryOutputs;
  if (!valid.includes(format)) {
    out.line('error', `Invalid output format '${format}'. Valid values are: ${valid.join(', ')}`);
    return out.result(EXIT.COMMAND_LINE_ERROR);
  }
  if (!(SUPPORTED_OUTPUTS as readonly string[]).includes(format)) {
    out.line('error', `rulepen does not support query --output=${format} yet (supported: ${SUPPORTED_OUTPUTS.join(', ')})`);
    return out.result(EXIT.COMMAND_LINE_ERROR);
  }
  const orderOutput = (v.get('order_output') as string | undefined) ?? (v.get('order_results') === false ? 'no' : 'auto');
  if (!['no', 'deps', 'auto', 'full'].includes(orderOutput)) {
    out.line('error', `While parsing option --order_output=${orderOutput}: Not a valid order output: '${orderOutput}' (should be one of no, deps, auto, full)`);
    return out.result(EXIT.COMMAND_LINE_ERROR);
  }
  const keepGoing = v.get('keep_going') === true;
  const implicitDeps = v.get('implicit_deps') !== false;
  const text = opts.residue.join(' ');

  let expr: QueryExpr;
  try {
    expr = parseQuery(text, functionSignatures({ command: 'query', someTakesCount: workspace.profile.querySomeTakesCount }));
  } catch (e) {
    if (e instanceof QuerySyntaxError) {
      out.line('error', `Error while parsing '${text}': ${e.message}`);
      return out.result(EXIT.COMMAND_LINE_ERROR);
    }
    throw e;
  }

  const loader = new Loader(workspace, { workspaceDir: ctx.workspaceDir, cancel: ctx.cancel });
  const env = new QueryEnvironment(loader, { keepGoing });
  let result: TargetSet;
  let partial = false;
  let printed = 0;
  const flush = () => {
    out.events(loader.events.slice(printed));
    printed = loader.events.length;
  };
  try {
    if (keepGoing && expr.kind === 'pattern') {
      // --keep_going skips a pattern that fails, as Bazel's "Skipping '…': …".
      try {
        result = env.eval(expr);
      } catch (e) {
        if (!(e instanceof QueryEvalError)) throw e;
        flush();
        if (e.message) out.line('error', `Skipping '${expr.word}': ${e.message}`);
        result = new Map();
        partial = true;
      }
    } else result = env.eval(expr);
  } catch (e) {
    if (e instanceof QueryEvalError) {
      flush();
      if (e.message) out.line('error', e.message);
      return out.result(EXIT.COMMAND_FAILURE);
    }
    throw e;
  }
  flush();
  if (env.packagesInError.size > 0) {
    if (!keepGoing) {
      const hard = [...env.packagesInError].some((p) => p.evalError);
      out.line('error', `Evaluation of query "${exprToString(expr)}" failed${hard ? '' : ' due to BUILD file errors'}`);
      return out.result(EXIT.COMMAND_FAILURE);
    }
    partial = true;
  }
  if (partial) out.line('warning', '--keep_going specified, ignoring errors. Results may be inaccurate');
  const ordered =
    orderOutput === 'no'
      ? [...result.values()]
      : orderOutput === 'auto' && workspace.profile.queryDefaultOrder === 'lexicographic'
        ? lexicographicOrder(result)
        : dependencyOrder(result, { implicitDeps });
  if (ordered.length === 0) out.line('info', 'Empty results');
  out.stdout(formatTargets(ordered, format as OutputFormat));
  return out.result(partial ? EXIT.PARTIAL_ANALYSIS_FAILURE : EXIT.SUCCESS);
}
