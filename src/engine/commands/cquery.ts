// `cquery`: the query language over the configured-target graph of the analysis phase — the same graph build,
// test and run use (actions/analysis.ts). The expression's target patterns (or --universe_scope) are loaded and
// analysed in the target configuration, then the expression is evaluated there with the same functions as
// `query` (plus config()), and printed as `//pkg:t (<config>)`. Analysis checks every edge as a build does
// (visibility, testonly, select()): a failure stops cquery with Bazel's "Analysis of target … failed" line, or,
// with --keep_going, leaves the failed top-level targets out of the graph (exit 1, as Bazel). As Bazel 4.2.3
// does, the output format is checked only after loading and analysis.

import type { Profile } from '../base/index.ts';
import { errorLoadingPackageInError, labelToString, Loader, parseCommandLinePatterns, TargetParsingError, type Label, type Target } from '../loading/index.ts';
import { configurationWarnings, targetConfiguration, type ConfiguredEdge, type ConfiguredGraph, type ConfiguredTarget } from '../config/index.ts';
import { Analysis, type AnalyzedTarget } from '../actions/index.ts';
import {
  ConfiguredQueryGraph,
  configFunction,
  cqueryBuildFormatter,
  Evaluator,
  exprToString,
  formatterFor,
  functionSignatures,
  makeCqueryProtoFormatter,
  PackageInErrorError,
  QueryEvalError,
  BazelCrash,
  registerFunction,
  subExpressions,
  TargetGraph,
  configName,
  type NodeSet,
  type OutputContext,
  type OutputOptions,
} from '../query/index.ts';
import { outputBaseOf, type CommandContext } from './context.ts';
import { commandOptions, optionReader, optionValue } from './options.ts';
import { analysisExplanations, analyzedLine, resolveOne } from './pipeline.ts';
import { dependencyChain } from './build.ts';
import { StarlarkFormatter } from './cquery-starlark.ts';
import { expressionText, latin1, parseOrReport, resultGraph } from './query.ts';
import { Console, EXIT, rootCauseText, type CommandResult } from './result.ts';

registerFunction(configFunction);

/** The protocol-buffer outputs (Bazel's cquery ProtoOutputFormatterCallback). */
const PROTO_FORMATS: readonly string[] = ['proto', 'streamed_proto', 'textproto', 'jsonproto'];

/** The part of the analysed graph cquery sees: what the top-level targets that analysed cleanly reach. */
function reachableFrom(an: Analysis, roots: readonly AnalyzedTarget[]): ConfiguredGraph {
  const seen = new Set<string>();
  const order: ConfiguredTarget[] = [];
  const queue: ConfiguredTarget[] = [...roots];
  for (let i = 0; i < queue.length; i++) {
    const ct = queue[i]!;
    if (seen.has(ct.key)) continue;
    seen.add(ct.key);
    order.push(ct);
    for (const e of an.deps(ct)) queue.push(e.to);
  }
  return {
    targets: order,
    deps: (ct): readonly ConfiguredEdge[] => an.deps(ct),
    attribute: (ct, attr) => an.attribute(ct, attr),
    topLevelConfigId: an.targetConfig.id,
  };
}

export function cqueryCommand(ctx: CommandContext, args: readonly string[]): CommandResult {
  const out = new Console(ctx.workspaceDir);
  const { workspace } = ctx;
  const profile = workspace.profile;
  const parsed = commandOptions(ctx, 'cquery', args);
  if ('failed' in parsed) return parsed.failed;
  const cl = parsed.commandLine;
  const { given, flag, list } = optionReader(cl);
  const text = expressionText(ctx, cl.residue, given('query_file'), 'cquery', out);
  if (typeof text !== 'string') return text;
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
  const roots = new Map<string, Target>();
  // cquery loads its patterns as a build does (Bazel 4.2.3): a word that fails is "Skipping '<word>': …", and
  // without --keep_going the command stops there (exit 1); with it, the others are analysed and the command
  // still fails at the end.
  let patternFailed: { word: string; message: string }[] | undefined;
  // The targets named on their own (an incompatible one fails the command under 4.2.3, as in a build).
  const explicit = new Set<string>();
  // Without --keep_going Bazel loads every pattern's package before it stops on the first that failed (checked
  // with 4.2.3: the loading errors of a later pattern's package are printed; which failure is named is a race,
  // taken here in pattern order).
  let stop: { readonly index: number; readonly word?: string; readonly message: string } | undefined;
  const rootPattern = new Map<string, number>();
  for (const [index, p] of patterns.entries()) {
    const negative = p.startsWith('-');
    const word = negative ? p.slice(1) : p;
    const single = !negative && parsedPattern(word, profile.labels)?.pattern.kind === 'single';
    // After a failed pattern only the single targets still load as it fails (a package lookup that finds no BUILD
    // file fails before anything else loads; checked with 4.2.3).
    if (stop && (!single || stop.message.includes('no such package'))) continue;
    try {
      for (const t of unconfigured.resolvePattern(word)) {
        if (negative) roots.delete(labelToString(t.label));
        else roots.set(labelToString(t.label), t);
        if (!negative && !rootPattern.has(labelToString(t.label))) rootPattern.set(labelToString(t.label), index);
        if (single) explicit.add(labelToString(t.label));
      }
    } catch (e) {
      if (!(e instanceof QueryEvalError)) throw e;
      unconfigured.syncEvents();
      if (e instanceof PackageInErrorError) {
        stop ??= { index, message: e.message };
        continue;
      }
      if (!e.message || negative) {
        out.events(unconfigured.events);
        if (e.message) out.line('error', e.message);
        return out.result(EXIT.COMMAND_FAILURE);
      }
      const parsed = parsedPattern(word, profile.labels);
      const asBuild = parsed ? resolveOne(loader, parsed.pattern) : e.message;
      const message = typeof asBuild === 'string' ? asBuild : e.message;
      if (!keepGoing) {
        stop ??= { index, word, message };
        continue;
      }
      (patternFailed ??= []).push({ word, message });
      out.line('error', `Skipping '${word}': ${message}`);
    }
  }
  // Once, after every failed word's "Skipping" line (checked with 4.2.3).
  if (patternFailed) out.line('warning', 'Target pattern parsing failed.');
  unconfigured.syncEvents();
  const inError = new Set([...unconfigured.packagesInError].filter((p) => p.repo === '').map((p) => p.name));
  const root = [...roots.values()].find((t) => t.label.repo === '' && inError.has(t.label.pkg));
  if (stop && !keepGoing) {
    const rootIndex = root ? (rootPattern.get(labelToString(root.label)) ?? Infinity) : Infinity;
    out.events(unconfigured.events);
    // A failed pattern word is named before a requested target's package in error, whatever their order (that
    // check follows the pattern phase; checked with 4.2.3, differential seed 52933).
    if (stop.word !== undefined) {
      out.line('error', `Skipping '${stop.word}': ${stop.message}`);
      // Not when another pattern's package is in error (its failure takes the pattern phase down another way).
      if (!root && unconfigured.packagesInError.size === 0) out.line('warning', 'Target pattern parsing failed.');
      out.line('error', stop.message);
    } else out.line('error', stop.word === undefined && stop.index < rootIndex ? stop.message : errorLoadingPackageInError(root!.label.pkg));
    out.line(profile.buildFailureSeverity, 'Build did NOT complete successfully');
    return out.result(EXIT.BUILD_FAILURE);
  }

  // Analysis: the same as a build's.
  const context = { loader, commandLine: cl, profile, workspaceDir: ctx.workspaceDir, outputBase: outputBaseOf(ctx) };
  const target = targetConfiguration(context);
  const analysis = 'error' in target ? undefined : new Analysis({ context, target });
  const analysed = analysis ? [...roots.values()].map((t) => analysis.analyze(t, target as Exclude<typeof target, { error: string }>)) : [];
  out.events(unconfigured.events);
  let printedLoading = unconfigured.events.length;
  // A requested target's own package has errors: loading stops, as a build's does (Bazel 4.2.3); with
  // --keep_going the pattern counts as failed.
  if (root && keepGoing && !patternFailed) out.line('warning', 'Target pattern parsing failed.');
  if (unconfigured.packagesInError.size > 0 && !keepGoing) {
    if (root) {
      out.line('error', errorLoadingPackageInError(root.label.pkg));
      out.line(profile.buildFailureSeverity, 'Build did NOT complete successfully');
      return out.result(EXIT.BUILD_FAILURE);
    }
    out.line('error', 'Build did NOT complete successfully');
    return out.result(EXIT.COMMAND_FAILURE);
  }
  if ('error' in target) {
    for (const l of target.before) out.line(l.severity, l.text);
    const first = [...roots.values()].find((t) => t.kind === 'rule');
    if (target.toolchains && first) {
      const l = labelToString(first.label);
      out.line('error', `While resolving toolchains for target ${l}: ${target.error}`);
      out.line('error', `Analysis of target '${l}' failed; build aborted: ${target.error}`);
    } else out.line('error', target.error);
    return out.result(EXIT.BUILD_FAILURE);
  }
  for (const w of configurationWarnings(cl.options)) out.line('warning', w);
  const an = analysis!;
  const explanations = analysisExplanations(an);
  const failed = analysed.filter((a) => a.failed);
  // Without --keep_going the first failure Bazel finds stops analysis: what was found after it is not printed.
  const first = keepGoing ? undefined : an.firstFailure(failed, true);
  // The packages analysis loaded (a dependency's) print their loading errors first, as a build's do.
  unconfigured.syncEvents();
  out.events(unconfigured.events.slice(printedLoading));
  printedLoading = unconfigured.events.length;
  const diagnostics = an.takeDiagnostics();
  out.report(first ? diagnostics.filter((d) => an.printedBefore(d, first)) : diagnostics);
  if (first) {
    const l = labelToString(first.label);
    const cause = rootCauseText(first.rootCause, l, ctx.workspaceDir);
    out.line('error', `Analysis of target '${l}' failed; build aborted${cause === undefined ? '' : `: ${cause}`}`);
    out.line(profile.buildFailureSeverity, 'Build did NOT complete successfully');
    return out.result(EXIT.BUILD_FAILURE, explanations);
  }
  const incompatible = profile.incompatibleTargets.cqueryExplicitError && !keepGoing ? analysed.find((a) => a.incompatible && !a.failed && explicit.has(labelToString(a.label))) : undefined;
  if (incompatible) {
    out.line('error', `Target ${labelToString(incompatible.label)} is incompatible and cannot be built, but was explicitly requested.\n${dependencyChain(profile, incompatible)}`);
    out.line(profile.buildFailureSeverity, 'Build did NOT complete successfully');
    return out.result(EXIT.BUILD_FAILURE, explanations);
  }
  for (const f of failed) out.line('warning', `errors encountered while analyzing target '${labelToString(f.label)}': it will not be built`);
  if (failed.length > 0 && analysed.length > 1) out.line('info', `Analysis succeeded for only ${analysed.length - failed.length} of ${analysed.length} top-level targets`);
  if (analysed.length > 0) analyzedLine(out, an, analysed);
  const found = analysed.length - failed.length;
  out.line('info', `Found ${found} target${found === 1 ? '' : 's'}...`);

  // Bazel 4.2.3 checks the output format only now.
  const transitions = String(given('transitions') ?? 'none');
  // --transitions makes --output=transitions the default (profile row cqueryTransitionsImplyOutput).
  const implied = given('output') === undefined && transitions !== 'none';
  const format = String(given('output') ?? (implied ? 'transitions' : optionValue(cl, 'output') ?? 'label'));
  // Bazel makes every formatter before it picks the one --output names, so the starlark formatter's checks of
  // --starlark:expr / --starlark:file fail the command whatever the format.
  let starlark: StarlarkFormatter | undefined;
  const starlarkExpr = String(given('starlark:expr') ?? '');
  const starlarkFile = String(given('starlark:file') ?? '');
  if (format === 'starlark' || starlarkExpr !== '' || starlarkFile !== '') {
    const made = StarlarkFormatter.make({ expr: starlarkExpr, file: starlarkFile, workspace, workspaceDir: ctx.workspaceDir, profile });
    if ('error' in made) {
      for (const d of made.syntaxErrors) {
        out.line('error', `${d.file}:${d.range.start.line}:${d.range.start.column}: ${d.message}`);
        out.note(d);
      }
      out.line('error', `Error doing post analysis query: ${made.error}`);
      out.line(profile.buildFailureSeverity, 'Build did NOT complete successfully');
      return out.result(profile.cqueryStarlark.errorExit, explanations);
    }
    starlark = made;
  }
  const valid = profile.cqueryOutputs;
  if (!valid.includes(format)) {
    out.line('error', `Invalid output format '${format}'. Valid values are: ${valid.join(', ')}`);
    return out.result(EXIT.COMMAND_LINE_ERROR, explanations);
  }
  const configured = reachableFrom(an, analysed.filter((a) => !a.failed));
  const graph = new ConfiguredQueryGraph(configured, unconfigured, { keepGoing, toolDeps, implicitDeps, universeScope: universe });
  if (format === 'transitions' && transitions === 'none') {
    // Bazel 4.2.3 prints this and succeeds with no output.
    out.line('error', "Instead of using --output=transitions, set the --transitions flag explicitly to 'lite' or 'full'");
    return out.result(EXIT.SUCCESS, explanations);
  }
  const formatter =
    format === 'build'
      ? cqueryBuildFormatter(workspace, configured)
      : format === 'transitions'
        ? transitionsFormatter(graph, (l) => out.line('warning', `Skipping dependencies of incompatible target ${labelToString(l)}`), implied && profile.cqueryTransitionsImplyOutput === 'several-results')
        : PROTO_FORMATS.includes(format)
          ? makeCqueryProtoFormatter<ConfiguredTarget>(workspace, format, {
              configuration: (ct) => ct.config,
              attribute: (ct, attr) => configured.attribute(ct, attr),
              withConfigurations: profile.cqueryProtoConfigurations,
            })
          : formatterFor(format, workspace);
  if (format !== 'files' && format !== 'starlark' && (!formatter || !['label', 'label_kind', 'build', 'graph', 'transitions', ...PROTO_FORMATS].includes(format))) {
    out.line('error', `rulepen does not support cquery --output=${format} yet`);
    return out.result(EXIT.COMMAND_LINE_ERROR, explanations);
  }

  const ev = new Evaluator(graph, { universeScope: universe });
  let result: NodeSet<ConfiguredTarget>;
  try {
    result = ev.eval(expr);
  } catch (e) {
    out.events(unconfigured.events.slice(printedLoading));
    out.events(graph.events);
    if (e instanceof QueryEvalError) {
      if (patternFailed) return keptGoingPastPattern(out, profile, patternFailed, explanations);
      const reason = e.evaluation ? `Evaluation of query "${exprToString(expr)}" failed: ${e.message}` : e.message;
      if (keepGoing && profile.cqueryKeepGoingQueryError === 'unnamed') {
        // Bazel 4.2.3 under --keep_going logs the exception (its stack trace follows) and ends as the build did
        // (checked with 4.2.3).
        out.line('error', 'Error doing post analysis query');
        if (e.message) out.raw(`com.google.devtools.build.lib.query2.engine.QueryException: ${reason}`);
        return keptGoingFailures(out, profile, failed, root, explanations);
      }
      if (e.message) out.line('error', `Error doing post analysis query: ${reason}`);
      out.line(profile.buildFailureSeverity, 'Build did NOT complete successfully');
      return out.result(EXIT.BUILD_FAILURE, explanations);
    }
    if (e instanceof BazelCrash) {
      out.raw('FATAL: bazel crashed due to an internal error. Printing stack trace:');
      out.raw(`${e.exception}: ${e.message}`);
      out.note({ file: '', range: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } }, severity: 'error', message: `Bazel ${profile.bazelVersion} crashes here (exit 37): ${e.exception}: ${e.message}`, kind: 'command' });
      return out.result(EXIT.BAZEL_CRASH, explanations);
    }
    throw e;
  }
  out.events(graph.events);
  if (patternFailed) return keptGoingPastPattern(out, profile, patternFailed, explanations);
  const ordered = [...result.values()];
  if (ordered.length === 0) out.line('info', 'Empty query results');
  const options: OutputOptions = {
    workspaceDir: ctx.workspaceDir,
    outputBase: outputBaseOf(ctx),
    relativeLocations: flag('relative_locations', false),
    displaySourceFileLocation: flag('incompatible_display_source_file_location', profile.displaySourceFileLocation.default),
    orderFull: true,
    graphFactored: flag('graph:factored', true),
    graphNodeLimit: Number(given('graph:node_limit') ?? 512),
    xmlLineNumbers: true,
    xmlDefaultValues: false,
    protoDefaultValues: flag('proto:default_values', true),
    implicitDeps,
  };
  let printed: unknown;
  if (format === 'files') printed = filesOutput(an, ordered, list('output_groups'));
  else if (format === 'starlark') {
    const formatted = starlark!.formatAll(ordered.map((ct) => an.get(ct.key)!));
    for (const e of formatted.errors) out.line('error', e);
    printed = formatted.lines.map((l) => l + '\n').join('');
  } else printed = formatter!({ graph, nodes: ordered, set: result, options });
  out.stdout(typeof printed === 'string' ? printed : printed instanceof Uint8Array ? latin1(printed) : '');
  announceFailures(out, profile, failed, root);
  const partial = graph.skippedErrors.length > 0;
  const res = out.result(failed.length > 0 ? EXIT.BUILD_FAILURE : partial ? EXIT.PARTIAL_ANALYSIS_FAILURE : EXIT.SUCCESS, explanations);
  if (printed instanceof Uint8Array) res.stdoutBytes = printed;
  if (ctx.resultGraph !== false) res.graph = resultGraph(graph, ordered, result);
  return res;
}

/** --keep_going: the failed top-level targets were left out; Bazel still fails the command. */
function announceFailures(out: Console, profile: Profile, failed: readonly { readonly loadingFailure?: boolean }[], root: unknown): void {
  if (failed.length === 0) return;
  const loading = failed.some((f) => f.loadingFailure === true);
  out.line('error', root ? 'command succeeded, but there were errors parsing the target pattern' : loading ? 'command succeeded, but there were loading phase errors' : 'command succeeded, but not all targets were analyzed');
  out.line(profile.buildFailureSeverity, 'Build did NOT complete successfully');
}

/** --keep_going and a query that failed: nothing printed, the command ends as its analysis did. */
function keptGoingFailures(out: Console, profile: Profile, failed: readonly { readonly loadingFailure?: boolean }[], root: unknown, explanations: ReturnType<typeof analysisExplanations>): CommandResult {
  announceFailures(out, profile, failed, root);
  return out.result(failed.length > 0 ? EXIT.BUILD_FAILURE : EXIT.SUCCESS, explanations);
}

/**
 * --keep_going past a pattern word that failed to load: the query over what did load fails on that word and
 * prints nothing; the command fails as a build with pattern errors does (Bazel 4.2.3).
 */
function keptGoingPastPattern(out: Console, profile: Profile, failed: readonly { word: string; message: string }[], explanations: ReturnType<typeof analysisExplanations>): CommandResult {
  // Each failed word, as the query meets it (checked with 4.2.3, differential seed 53261).
  for (const f of failed) out.line('error', `Evaluation of query "${f.word}" failed: ${f.message}`);
  out.line('warning', '--keep_going specified, ignoring errors. Results may be inaccurate');
  out.line('error', 'command succeeded, but there were errors parsing the target pattern');
  out.line(profile.buildFailureSeverity, 'Build did NOT complete successfully');
  return out.result(EXIT.BUILD_FAILURE, explanations);
}

/**
 * --output=files (current Bazel, FilesOutputFormatterCallback): the exec paths of the files each result target
 * provides (DefaultInfo.files: a rule's outputs, a filegroup's members, a source file itself), each once.
 */
function filesOutput(an: Analysis, nodes: readonly ConfiguredTarget[], outputGroups: readonly string[]): string {
  const groups = requestedOutputGroups(outputGroups);
  const seen = new Set<string>();
  let out = '';
  for (const ct of nodes) {
    const t = an.get(ct.key);
    if (!t) continue;
    for (const group of groups) {
      // Output groups whose names start with `_` (Bazel's hidden ones) are not among the important artifacts.
      if (group.startsWith('_')) continue;
      const files = [...(group === 'default' ? t.files : []), ...(t.outputGroups.get(group) ?? [])];
      for (const f of files) {
        if (seen.has(f.execPath)) continue;
        seen.add(f.execPath);
        out += f.execPath + '\n';
      }
    }
  }
  return out;
}

/**
 * The output groups --output_groups asks for (Bazel's OutputGroupInfo.determineOutputGroups): when every value is
 * `+x` or `-x` they add to or remove from the default group; otherwise the values listed (`+x` and `x` add, `-x`
 * removes) are the whole set.
 */
function requestedOutputGroups(values: readonly string[]): string[] {
  const allPlusOrMinus = values.every((v) => v.startsWith('+') || v.startsWith('-'));
  const current = new Set<string>(allPlusOrMinus ? ['default'] : []);
  for (const v of values) {
    if (v.startsWith('+')) current.add(v.slice(1));
    else if (v.startsWith('-')) current.delete(v.slice(1));
    else current.add(v);
  }
  return [...current];
}

/**
 * --output=transitions (--transitions=lite; `full` prints the same here, without the options diff): each target,
 * then one line per dependency on a rule — `attr#//dep#<transition> -> <config>` — naming the transition
 * Bazel 4.2.3 applies: its trimming transitions for an ordinary edge, HostTransition/ExecutionTransition for tools.
 */
function transitionsFormatter(graph: ConfiguredQueryGraph, skipping: (l: Label) => void, labelsWhenSingle: boolean) {
  return <T>(ctx: OutputContext<T>): string => {
    let out = '';
    const labelsOnly = labelsWhenSingle && ctx.nodes.length < 2;
    for (const n of ctx.nodes) {
      const ct = n as unknown as ConfiguredTarget;
      out += `${labelToString(ct.target.label)} (${configName(ct) ?? 'null'})\n`;
      if (labelsOnly) continue;
      // Bazel 4.2.3 lists no edges of a target in the host configuration (checked).
      if (ct.target.kind !== 'rule' || ct.config?.kind === 'host') continue;
      // Current Bazel resolves no dependencies of a directly incompatible target (IncompatibleTargetChecker).
      const inc = (ct as AnalyzedTarget).incompatible;
      if (inc?.constraints && graph.profile.incompatibleTargets.skipDependencies) {
        skipping(ct.target.label);
        continue;
      }
      for (const e of graph.deps(ct)) {
        if (e.to.target.kind !== 'rule' || e.attr === '$config_dependencies' || e.implicit) continue;
        const name = e.tool ? (e.to.config?.kind === 'host' ? 'HostTransition' : 'ExecutionTransition') : '(TestTrimmingTransition + ConfigFeatureFlagTaggedTrimmingTransition)';
        // An edge names the configuration by its checksum, the host one too.
        out += `  ${e.attr}#${labelToString(e.to.target.label)}#${name} -> ${e.to.config?.checksum ?? 'null'}\n`;
      }
    }
    return out;
  };
}

/** A word of the expression as a build's target pattern, or undefined when it is not one (its query error stands). */
function parsedPattern(word: string, dialect: Parameters<typeof parseCommandLinePatterns>[1]['dialect']) {
  try {
    return parseCommandLinePatterns([word], { dialect })[0];
  } catch (e) {
    if (e instanceof TargetParsingError) return undefined;
    throw e;
  }
}
