// `run`: builds one executable target (sh_binary, sh_test, genrule with executable = True) and runs it in the
// emulated bash from its runfiles tree, with the rule's args then the words after `--`. Its stdout and stderr
// become the command's; the exit code is the program's.

import { labelToString, TargetParsingError } from '../loading/index.ts';
import { runfilesPathOf, runShell, shellQuote } from '../actions/index.ts';
import { analyzeTopLevel, executeTopLevel, prepare } from './build.ts';
import type { CommandContext } from './context.ts';
import { Pipeline, resolvePatterns } from './pipeline.ts';
import { EXIT, type CommandResult } from './result.ts';

export async function runCommand(ctx: CommandContext, args: readonly string[]): Promise<CommandResult> {
  const dash = args.indexOf('--');
  const programArgs = dash < 0 ? [] : args.slice(dash + 1);
  const own = dash < 0 ? args : args.slice(0, dash);
  const p = new Pipeline(ctx, 'run');
  const bad = p.parse(own);
  if (bad !== undefined) return p.con.result(bad);
  let resolved;
  try {
    resolved = resolvePatterns(p.loader, p.commandLine.residue.slice(0, 1), p.con, false);
  } catch (e) {
    if (e instanceof TargetParsingError) {
      p.con.line('error', e.message);
      return p.con.result(EXIT.COMMAND_LINE_ERROR);
    }
    throw e;
  }
  const extra = p.commandLine.residue.slice(1);
  p.flushLoading();
  if (resolved.failed) {
    p.failed(false);
    return p.con.result(EXIT.BUILD_FAILURE);
  }
  if (resolved.targets.length !== 1) {
    p.con.line('error', resolved.targets.length === 0 ? 'Must specify at least one target to run' : 'Only a single target can be run. Do not use wildcards that match more than one target');
    return p.con.result(EXIT.COMMAND_LINE_ERROR);
  }
  const prep = prepare(p, resolved.targets);
  if (prep !== undefined) return p.con.result(prep, p.explanations());
  const an = analyzeTopLevel(p, resolved.targets);
  if ('exit' in an) return p.con.result(an.exit, p.explanations());
  if (an.ok.length === 0) {
    // --keep_going: the target's analysis failed and was skipped, so there is nothing to run.
    p.failed(false);
    return p.con.result(EXIT.BUILD_FAILURE, p.explanations());
  }
  const t = an.ok[0]!;
  if (!t.executable) {
    p.con.line('error', `Cannot run target ${labelToString(t.label)}: Not executable`);
    p.elapsed(0);
    p.failed(false);
    p.con.line('error', 'Build failed. Not running target');
    return p.con.result(EXIT.COMMAND_LINE_ERROR, p.explanations());
  }
  p.analyzedLine(an.ok);
  p.con.line('info', 'Found 1 target...');
  const ex = await executeTopLevel(p, an.ok);
  p.elapsed(p.executor.ran + 1);
  if (ex.failed) {
    p.failed(false);
    return p.con.result(EXIT.BUILD_FAILURE, p.explanations());
  }
  p.con.line('info', `Build completed successfully, ${p.executor.ran + 1} total action${p.executor.ran === 0 ? '' : 's'}`);
  const exe = t.executable;
  const ws = p.profile.execrootName;
  const execRoot = `/execroot/${ws}`;
  const runfilesDir = `${execRoot}/${exe.execPath}.runfiles`;
  const files = new Map<string, Uint8Array>();
  const executable = new Set<string>();
  for (const r of [exe, ...t.runfiles]) {
    const bytes = p.executor.tree.get(r.execPath);
    if (!bytes) continue;
    const path = `${runfilesDir}/${runfilesPathOf(r, ws)}`;
    files.set(path, bytes);
    if (p.executor.executables.has(r.execPath) || r === exe) executable.add(path);
  }
  const ruleArgs = t.runArgs ?? [];
  const argv = [...ruleArgs, ...extra, ...programArgs];
  const shown = [`bazel-bin/${exe.shortPath}`, ...argv].map(shellQuote).join(' ');
  p.con.line('info', `Running command line: ${shown}`);
  const script = [`./${exe.shortPath}`, ...argv.map(shellQuote)].join(' ');
  const r = await runShell({
      script,
      cwd: `${runfilesDir}/${ws}`,
      env: {
        PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
        TMPDIR: '/tmp',
        SHLVL: '1',
        RUNFILES_DIR: runfilesDir,
        BUILD_WORKSPACE_DIRECTORY: ctx.workspaceDir,
        BUILD_WORKING_DIRECTORY: ctx.workspaceDir,
      },
      files,
      executable,
      signal: ctx.signal,
    });
  p.con.stdout(r.stdout);
  if (r.stderr) p.con.raw(r.stderr);
  return p.con.result(r.exitCode, p.explanations());
}
