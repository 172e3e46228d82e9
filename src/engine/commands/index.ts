// The commands layer: `runCommand` dispatches a Bazel command line over a virtual workspace.
//
// argv is what follows `bazel`: startup options (ignored), the command, its options and arguments. Exit codes
// and console lines follow Bazel (result.ts).

import { Workspace, type WorkspaceFiles } from '../build/index.ts';
import { loadingOnlyCommand } from './build.ts';
import type { CommandContext } from './context.ts';
import { helpCommand, versionCommand } from './info.ts';
import { queryCommand } from './query.ts';
import { EXIT, Output, type CommandResult } from './result.ts';

export { EXIT, type CommandResult, type Explanations, type ResultGraph, type ResultGraphNode, type ResultGraphEdge } from './result.ts';
export { COMMANDS } from './info.ts';
export { commandOptions, optionValue, OptionsError } from './options.ts';

export interface RunOptions {
  /** Absolute path used in messages; default '/workspace'. */
  readonly workspaceDir?: string;
  readonly cancel?: { cancelled: boolean };
}

const NEEDS_WORKSPACE = new Set(['build', 'test', 'run', 'query', 'cquery']);

export function runCommandSync(files: WorkspaceFiles, argv: readonly string[], opts: RunOptions = {}): CommandResult {
  let i = 0;
  while (i < argv.length && argv[i]!.startsWith('-')) i++;
  const command = argv[i];
  const args = argv.slice(i + 1);
  const workspace = new Workspace(files);
  const profile = workspace.profile;
  const out = new Output();
  if (command === undefined) return helpCommand(profile, []);
  if (command === 'version') return versionCommand(profile);
  if (command === 'help') return helpCommand(profile, args);
  if (!NEEDS_WORKSPACE.has(command)) {
    out.line('error', `Command '${command}' not found. Try 'bazel help'.`);
    // Bazel prints this line without the ERROR: prefix.
    return { ...out.result(EXIT.COMMAND_LINE_ERROR), stderr: `Command '${command}' not found. Try 'bazel help'.\n` };
  }
  if (!workspace.marker) {
    const marker = profile.workspaceMarkers[0];
    out.line(
      'error',
      `The '${command}' command is only supported from within a workspace (below a directory having a ${marker} file).\nSee documentation at https://docs.bazel.build/versions/${profile.bazelVersion}/build-ref.html#workspace`,
    );
    return out.result(EXIT.COMMAND_LINE_ERROR);
  }
  const ctx: CommandContext = { workspace, workspaceDir: (opts.workspaceDir ?? '/workspace').replace(/\/+$/, ''), startup: argv.slice(0, i), cancel: opts.cancel };
  if (command === 'query') return queryCommand(ctx, args);
  return loadingOnlyCommand(ctx, command, args);
}

/** Runs a Bazel command line over the files; never throws (a bug becomes an 'internal' diagnostic, exit 37). */
export async function runCommand(files: WorkspaceFiles, argv: readonly string[], opts: RunOptions = {}): Promise<CommandResult> {
  try {
    return runCommandSync(files, argv, opts);
  } catch (e) {
    const msg = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    return {
      exitCode: 37,
      stdout: '',
      stderr: `FATAL: rulepen crashed: ${msg}\n`,
      outputs: {},
      diagnostics: [{ file: '', range: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } }, severity: 'error', message: `internal error: ${msg}`, kind: 'internal' }],
    };
  }
}
