// `build`, `test`, `run` and `cquery` for now: the loading phase only. Targets and their transitive
// prerequisites are loaded; loading errors end the command as in Bazel (exit 1, or 7 for cquery). Analysis and
// execution come with later issues, so a command that loads cleanly stops with "not supported yet" (exit 2).

import { labelToString, Loader, parseCommandLinePatterns, TargetParsingError, type Label } from '../build/index.ts';
import { directDeps, functionSignatures, parseQuery, QueryEnvironment, QueryEvalError, QuerySyntaxError, subExpressions } from '../query/index.ts';
import type { CommandContext } from './context.ts';
import { EXIT, Output, type CommandResult } from './result.ts';

/** Options of build/test/run/cquery that take their value as the next word. */
const VALUE_OPTIONS = new Set([
  '-c', '--compilation_mode', '--define', '--cpu', '--host_cpu', '--copt', '--host_copt', '--platforms', '--host_platform',
  '--test_output', '--output', '--output_groups', '--test_tag_filters', '--build_tag_filters', '--test_size_filters',
  '--config', '--extra_toolchains', '--test_arg', '--run_under', '--test_filter', '--test_timeout', '--jobs', '-j',
  '--strategy', '--spawn_strategy', '--action_env', '--test_env', '--universe_scope', '--transitions',
]);

export function splitTargets(args: readonly string[]): { options: string[]; targets: string[] } {
  const options: string[] = [];
  const targets: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      targets.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith('-') && (a.startsWith('--') || /^-[a-z]$/.test(a))) {
      options.push(a);
      if (!a.includes('=') && VALUE_OPTIONS.has(a) && i + 1 < args.length) options.push(args[++i]!);
      continue;
    }
    targets.push(a);
  }
  return { options, targets };
}

export function loadingOnlyCommand(ctx: CommandContext, command: string, args: readonly string[]): CommandResult {
  const out = new Output();
  const { options, targets: words } = splitTargets(args);
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
  const loader = new Loader(ctx.workspace, { workspaceDir: ctx.workspaceDir, cancel: ctx.cancel });
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
    const i = options.findIndex((o) => o === '--output' || o.startsWith('--output='));
    const format = i < 0 ? 'label' : options[i] === '--output' ? options[i + 1] : options[i]!.slice('--output='.length);
    const valid = ctx.workspace.profile.cqueryOutputs;
    if (format !== undefined && !valid.includes(format)) {
      out.line('error', `Invalid output format '${format}'. Valid values are: ${valid.join(', ')}`);
      return out.result(EXIT.COMMAND_LINE_ERROR);
    }
  }
  out.line('error', `rulepen does not support '${command}' yet: only loading ran (analysis and execution come later)`);
  return out.result(EXIT.COMMAND_LINE_ERROR);
}
