// `build`: target patterns → loading → analysis → execution, with Bazel's console lines and exit codes
// (pipeline.ts holds the steps `test` and `run` share). `loadingOnlyCommand` is the loading phase alone, which
// `cquery` still uses until it has its own command.

import { labelToString, Loader, parseCommandLinePatterns, TargetParsingError, type Label, type Target } from '../loading/index.ts';
import { directDeps, functionSignatures, parseQuery, QueryEnvironment, QueryEvalError, QuerySyntaxError, subExpressions } from '../query/index.ts';
import type { AnalyzedTarget, Artifact, RuleHook } from '../actions/index.ts';
import type { CommandContext } from './context.ts';
import { Pipeline } from './pipeline.ts';
import { commandOptions, optionValue } from './options.ts';
import { EXIT, Output, type CommandResult } from './result.ts';

export function loadingOnlyCommand(ctx: CommandContext, command: string, args: readonly string[]): CommandResult {
  const out = new Output();
  const parsed = commandOptions(ctx, command, args);
  if ('failed' in parsed) return parsed.failed;
  const cl = parsed.commandLine;
  const words = cl.residue;
  let targets = words;
  if (command === 'cquery') {
    // The expression's target patterns are what cquery loads and analyses.
    try {
      const expr = parseQuery(words.join(' '), functionSignatures({ command: 'cquery', someTakesCount: ctx.workspace.profile.querySomeTakesCount }));
      targets = [...subExpressions(expr)].filter((e) => e.kind === 'pattern').map((e) => (e as { word: string }).word);
    } catch (e) {
      if (e instanceof QuerySyntaxError) {
        out.line('error', `Error while parsing '${words.join(' ')}': ${e.message}`);
        return out.result(EXIT.COMMAND_LINE_ERROR);
      }
      throw e;
    }
  }
  const loader = new Loader(ctx.workspace, { workspaceDir: ctx.workspaceDir, cancel: ctx.cancel, cache: ctx.loadCache });
  const env = new QueryEnvironment(loader, { keepGoing: false });
  let failed = false;
  try {
    const patterns = parseCommandLinePatterns(targets, { dialect: ctx.workspace.profile.labels });
    const roots = new Map<string, Label>();
    for (const p of patterns) {
      for (const t of env.resolvePattern(p.pattern.raw)) {
        if (p.negative) roots.delete(labelToString(t.label));
        else roots.set(labelToString(t.label), t.label);
      }
    }
    // The transitive closure: every package it touches is loaded, as analysis would.
    const seen = new Set<string>();
    const queue = [...roots.values()];
    while (queue.length > 0) {
      const l = queue.shift()!;
      const key = labelToString(l);
      if (seen.has(key) || l.repo !== '') continue;
      seen.add(key);
      const pkg = loader.getPackage(l.pkg);
      if (!pkg) continue;
      if (pkg.inError) failed = true;
      const t = pkg.targets.get(l.name);
      if (t) queue.push(...directDeps(t, { implicitDeps: false }));
    }
  } catch (e) {
    out.events(loader.events);
    if (e instanceof TargetParsingError || e instanceof QueryEvalError) {
      if (e.message) out.line('error', e.message);
      return out.result(command === 'cquery' ? EXIT.COMMAND_FAILURE : EXIT.BUILD_FAILURE);
    }
    throw e;
  }
  out.events(loader.events);
  if (failed) {
    out.line('error', 'Build did NOT complete successfully');
    return out.result(command === 'cquery' ? EXIT.COMMAND_FAILURE : EXIT.BUILD_FAILURE);
  }
  if (command === 'cquery') {
    // Bazel 4.2.3 checks the output format only after analysis.
    const format = String(optionValue(cl, 'output'));
    const valid = ctx.workspace.profile.cqueryOutputs;
    if (format !== undefined && !valid.includes(format)) {
      out.line('error', `Invalid output format '${format}'. Valid values are: ${valid.join(', ')}`);
      return out.result(EXIT.COMMAND_LINE_ERROR);
    }
  }
  out.line('error', `rulepen does not support '${command}' yet: only loading ran (analysis and execution come later)`);
  return out.result(EXIT.COMMAND_LINE_ERROR);
}

/** The files a top-level target needs built: its outputs, and for an executable its runfiles. */
export function topLevelArtifacts(t: AnalyzedTarget): Artifact[] {
  return t.executable ? [...t.files, ...t.runfiles] : [...t.files];
}

/**
 * Analyses the top-level targets and prints what Bazel prints for failures. Returns the targets that analysed
 * cleanly, or an exit code when the build stops here.
 */
export function analyzeTopLevel(p: Pipeline, targets: readonly Target[]): { ok: AnalyzedTarget[]; failed: boolean } | { exit: number } {
  const ok: AnalyzedTarget[] = [];
  let failed = false;
  for (const t of targets) {
    const a = p.analyzer.analyzeTarget(t, t.kind === 'source file' ? null : p.target);
    p.con.events(p.analyzer.events.splice(0));
    if (a && !a.failed) {
      ok.push(a);
      continue;
    }
    failed = true;
    const l = labelToString(t.label);
    if (!p.keepGoing) {
      p.con.line('error', `Analysis of target '${l}' failed; build aborted: ${a?.rootCause ?? `Analysis of target '${l}' failed`}`);
      p.elapsed(0);
      p.failed(true);
      return { exit: EXIT.BUILD_FAILURE };
    }
    p.con.line('warning', `errors encountered while analyzing target '${l}': it will not be built`);
  }
  if (failed) p.con.line('info', `Analysis succeeded for only ${ok.length} of ${targets.length} top-level targets`);
  return { ok, failed };
}

/** Builds analysed top-level targets; prints "Target … up-to-date:" or "… failed to build". */
export async function executeTopLevel(p: Pipeline, top: readonly AnalyzedTarget[]): Promise<{ built: AnalyzedTarget[]; failed: boolean }> {
  const ex = p.execution();
  const built: AnalyzedTarget[] = [];
  let failed = false;
  for (const t of top) {
    const ok = await ex.build(topLevelArtifacts(t));
    p.con.events(ex.events.splice(0));
    const l = labelToString(t.label);
    if (ok) {
      built.push(t);
      if (t.files.length === 0) p.con.raw(`Target ${l} up-to-date (nothing to build)`);
      else p.con.raw(`Target ${l} up-to-date:\n${t.files.map((f) => `  ${p.shown(f)}`).join('\n')}`);
    } else {
      failed = true;
      p.con.raw(`Target ${l} failed to build`);
      if (!p.keepGoing) break;
    }
  }
  p.collectOutputs();
  return { built, failed };
}

/** Loads the patterns' closure and sets up configurations; an exit code when that fails. */
export function prepare(p: Pipeline, targets: readonly Target[]): number | undefined {
  const loaded = p.load(targets);
  p.flushLoading();
  if (!loaded && !p.keepGoing) {
    p.failed(false);
    return EXIT.BUILD_FAILURE;
  }
  return p.configure(targets);
}

export async function buildCommand(ctx: CommandContext, args: readonly string[], hooks: Readonly<Record<string, RuleHook>> = {}): Promise<CommandResult> {
  const p = new Pipeline(ctx, 'build', hooks);
  const bad = p.parse(args);
  if (bad !== undefined) return p.con.result(bad);
  const resolved = p.resolveTargets();
  if (typeof resolved === 'number') return p.con.result(resolved);
  let targets = resolved.targets;
  if (p.option('build_tests_only') === true) targets = targets.filter((t) => t.kind === 'rule' && t.schema.test === true);
  if (targets.length === 0 && !resolved.failed) {
    p.con.line(
      'warning',
      `Usage: bazel build <options> <targets>.\nInvoke \`bazel help build\` for full description of usage and options.\nYour request is correct, but requested an empty set of targets. Nothing will be built.`,
    );
  }
  const prep = prepare(p, targets);
  if (prep !== undefined) return p.con.result(prep, p.explanations());
  const an = analyzeTopLevel(p, targets);
  if ('exit' in an) return p.con.result(an.exit, p.explanations());
  p.analyzedLine(an.ok);
  p.con.line('info', `Found ${an.ok.length} target${an.ok.length === 1 ? '' : 's'}...`);
  const ex = await executeTopLevel(p, an.ok);
  const failed = an.failed || ex.failed || resolved.failed;
  if (ex.failed) p.con.raw('Use --verbose_failures to see the command lines of failed build steps.');
  p.elapsed(p.executor.ran + 1);
  if (failed) {
    p.failed(false);
    return p.con.result(EXIT.BUILD_FAILURE, p.explanations());
  }
  p.con.line('info', `Build completed successfully, ${p.executor.ran + 1} total action${p.executor.ran === 0 ? '' : 's'}`);
  return p.con.result(EXIT.SUCCESS, p.explanations());
}
