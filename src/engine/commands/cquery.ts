// `cquery`: the query language over the configured target graph. The expression's target patterns (or
// --universe_scope) are loaded and analysed in the target configuration (config's configuredGraph), then the
// expression is evaluated there with the same functions as `query` (plus config()), and printed as
// `//pkg:t (<config>)`. As Bazel 4.2.3 does, the output format is checked only after loading and analysis.

import { labelToString, Loader, type Label, type RuleTarget } from '../loading/index.ts';
import { configuredGraph, type ConfiguredTarget } from '../config/index.ts';
import {
  ConfiguredQueryGraph,
  configFunction,
  cqueryBuildFormatter,
  Evaluator,
  exprToString,
  formatterFor,
  functionSignatures,
  QueryEvalError,
  registerFunction,
  subExpressions,
  TargetGraph,
  configName,
  type NodeSet,
  type OutputContext,
  type OutputOptions,
} from '../query/index.ts';
import type { CommandContext } from './context.ts';
import { commandOptions, optionReader, optionValue } from './options.ts';
import { parseOrReport, resultGraph } from './query.ts';
import { EXIT, Output, type CommandResult } from './result.ts';

registerFunction(configFunction);

export function cqueryCommand(ctx: CommandContext, args: readonly string[]): CommandResult {
  const out = new Output();
  const { workspace } = ctx;
  const profile = workspace.profile;
  const parsed = commandOptions(ctx, 'cquery', args);
  if ('failed' in parsed) return parsed.failed;
  const cl = parsed.commandLine;
  const { given, flag, list } = optionReader(cl);
  if (cl.residue.length === 0) {
    out.line('error', "missing query expression. Type 'bazel help cquery' for syntax and help");
    return out.result(EXIT.COMMAND_LINE_ERROR);
  }
  const text = cl.residue.join(' ');
  const expr = parseOrReport(text, functionSignatures({ command: 'cquery', someTakesCount: profile.querySomeTakesCount }), out);
  if ('exitCode' in expr) return expr;
  const keepGoing = flag('keep_going', false);
  const implicitDeps = flag('implicit_deps', true);
  const toolDeps = flag('tool_deps', true) && flag('host_deps', true);
  const universe = list('universe_scope');
  const patterns = universe.length > 0 ? universe : [...subExpressions(expr)].filter((e) => e.kind === 'pattern').map((e) => (e as { word: string }).word);

  // Loading: the universe's patterns.
  const loader = new Loader(workspace, { workspaceDir: ctx.workspaceDir, cancel: ctx.cancel, cache: ctx.loadCache });
  const unconfigured = new TargetGraph(loader, { keepGoing, implicitDeps, hostDeps: toolDeps });
  const roots = new Map<string, Label>();
  try {
    for (const p of patterns) {
      const negative = p.startsWith('-');
      for (const t of unconfigured.resolvePattern(negative ? p.slice(1) : p)) {
        if (negative) roots.delete(labelToString(t.label));
        else roots.set(labelToString(t.label), t.label);
      }
    }
  } catch (e) {
    unconfigured.syncEvents();
    out.events(unconfigured.events);
    if (e instanceof QueryEvalError) {
      if (e.message) out.line('error', e.message);
      return out.result(EXIT.COMMAND_FAILURE);
    }
    throw e;
  }

  // Analysis.
  const configured = configuredGraph([...roots.values()], { loader, commandLine: cl, profile, workspaceDir: ctx.workspaceDir }, { keepGoing, implicitDeps });
  unconfigured.syncEvents();
  out.events(unconfigured.events);
  const printedLoading = unconfigured.events.length;
  if (unconfigured.packagesInError.size > 0 && !keepGoing) {
    out.line('error', 'Build did NOT complete successfully');
    return out.result(EXIT.COMMAND_FAILURE);
  }
  out.events(configured.events);
  if (configured.errors.length > 0 && !keepGoing) {
    const failed = configured.roots.map((r) => configured.firstFailure(r)).find((f) => f !== undefined);
    if (failed) {
      const l = labelToString(failed.target.target.label);
      out.line('error', `Analysis of target '${l}' failed; build aborted: ${failed.message}`);
    }
    return out.result(EXIT.BUILD_FAILURE);
  }

  // Bazel 4.2.3 checks the output format only now.
  const format = String(optionValue(cl, 'output') ?? 'label');
  const valid = profile.cqueryOutputs;
  if (!valid.includes(format)) {
    out.line('error', `Invalid output format '${format}'. Valid values are: ${valid.join(', ')}`);
    return out.result(EXIT.COMMAND_LINE_ERROR);
  }
  const graph = new ConfiguredQueryGraph(configured, unconfigured, { keepGoing, toolDeps });
  const transitions = String(given('transitions') ?? 'none');
  if (format === 'transitions' && transitions === 'none') {
    // Bazel 4.2.3 prints this and succeeds with no output.
    out.line('error', "Instead of using --output=transitions, set the --transitions flag explicitly to 'lite' or 'full'");
    return out.result(EXIT.SUCCESS);
  }
  const formatter = format === 'build' ? cqueryBuildFormatter(workspace, configured) : format === 'transitions' ? transitionsFormatter(graph) : formatterFor(format, workspace);
  if (!formatter || !['label', 'label_kind', 'build', 'graph', 'files', 'transitions'].includes(format)) {
    out.line('error', `rulepen does not support cquery --output=${format} yet`);
    return out.result(EXIT.COMMAND_LINE_ERROR);
  }

  const ev = new Evaluator(graph, { universeScope: universe });
  let result: NodeSet<ConfiguredTarget>;
  try {
    result = ev.eval(expr);
  } catch (e) {
    out.events(unconfigured.events.slice(printedLoading));
    out.events(graph.events);
    if (e instanceof QueryEvalError) {
      if (e.message) out.line('error', e.evaluation ? `Evaluation of query "${exprToString(expr)}" failed: ${e.message}` : e.message);
      return out.result(EXIT.COMMAND_FAILURE);
    }
    throw e;
  }
  out.events(graph.events);
  const ordered = [...result.values()];
  if (ordered.length === 0) out.line('info', 'Empty query results');
  const options: OutputOptions = {
    workspaceDir: ctx.workspaceDir,
    relativeLocations: flag('relative_locations', false),
    orderFull: true,
    graphFactored: flag('graph:factored', true),
    graphNodeLimit: Number(given('graph:node_limit') ?? 512),
    xmlLineNumbers: true,
    xmlDefaultValues: false,
    protoDefaultValues: flag('proto:default_values', true),
    implicitDeps,
  };
  const printed = format === 'files' ? filesOutput(configured, ordered) : formatter({ graph, nodes: ordered, set: result, options });
  out.stdout(typeof printed === 'string' ? printed : '');
  const partial = graph.skippedErrors.length > 0;
  const res = out.result(partial ? EXIT.PARTIAL_ANALYSIS_FAILURE : EXIT.SUCCESS);
  res.explanations = { selects: configured.allExplanations() as Record<string, readonly unknown[]> };
  res.graph = resultGraph(graph, ordered, result);
  return res;
}

/** --output=files (current Bazel): the files each target provides — outputs of rules, the file itself for files. */
function filesOutput(configured: ReturnType<typeof configuredGraph>, nodes: readonly ConfiguredTarget[]): string {
  const lines: string[] = [];
  for (const ct of nodes) {
    const t = ct.target;
    const dir = ct.config ? `bazel-out/${ct.config.outputDir}/bin/` : '';
    const path = (l: Label) => `${dir}${l.pkg ? l.pkg + '/' : ''}${l.name}`;
    if (t.kind === 'source file') lines.push(`${t.label.pkg ? t.label.pkg + '/' : ''}${t.label.name}`);
    else if (t.kind === 'generated file') lines.push(path(t.label));
    else if (t.kind === 'rule') for (const o of (t as RuleTarget).outputs) lines.push(path(o));
  }
  void configured;
  return lines.map((l) => l + '\n').join('');
}

/**
 * --output=transitions (--transitions=lite; `full` prints the same here, without the options diff): each target,
 * then one line per dependency on a rule — `attr#//dep#<transition> -> <config>` — naming the transition
 * Bazel 4.2.3 applies: its trimming transitions for an ordinary edge, HostTransition/ExecutionTransition for tools.
 */
function transitionsFormatter(graph: ConfiguredQueryGraph) {
  return <T>(ctx: OutputContext<T>): string => {
    let out = '';
    for (const n of ctx.nodes) {
      const ct = n as unknown as ConfiguredTarget;
      out += `${labelToString(ct.target.label)} (${configName(ct) ?? 'null'})\n`;
      if (ct.target.kind !== 'rule') continue;
      for (const e of graph.deps(ct)) {
        if (e.to.target.kind !== 'rule' || e.attr === '$config_dependencies' || e.implicit) continue;
        const name = e.tool ? (e.to.config?.kind === 'host' ? 'HostTransition' : 'ExecutionTransition') : '(TestTrimmingTransition + ConfigFeatureFlagTaggedTrimmingTransition)';
        out += `  ${e.attr}#${labelToString(e.to.target.label)}#${name} -> ${configName(e.to) ?? 'null'}\n`;
      }
    }
    return out;
  };
}
