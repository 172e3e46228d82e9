// The commands layer: `runCommand` dispatches a Bazel command line over a virtual workspace.
//
// argv is what follows `bazel`: startup options (ignored), the command, its options and arguments. Exit codes
// and console lines follow Bazel (result.ts).

import { Workspace, type FileSource, type LoadCache, type WorkspaceFiles } from '../loading/index.ts';
import type { ActionCache, ShellSignal } from '../actions/index.ts';
import type { Profile } from '../base/index.ts';
import { buildCommand } from './build.ts';
import { runCommand as runTarget } from './run.ts';
import { testCommand } from './test.ts';
import type { CommandContext } from './context.ts';
import { helpCommand, versionCommand } from './info.ts';
import { queryCommand } from './query.ts';
import { configCommand } from './config.ts';
import { canonicalizeCommand } from './canonicalize.ts';
import { cqueryCommand } from './cquery.ts';
import { EXIT, Console, type CommandResult } from './result.ts';

export { EXIT, type CommandResult, type Explanations, type ResultGraph, type ResultGraphNode, type ResultGraphEdge } from './result.ts';
export { COMMANDS } from './info.ts';
export { commandOptions, optionValue, OptionsError } from './options.ts';

export interface RunOptions {
  /** Absolute path used in messages; default '/workspace'. */
  readonly workspaceDir?: string;
  readonly cancel?: { cancelled: boolean };
  /** build/test/run: the action cache to reuse (keep one across edits; absent: start cold). */
  readonly actionCache?: ActionCache;
  /** build/test/run: aborts a running shell. */
  readonly signal?: ShellSignal;
  /** Evaluated packages and .bzl files to reuse while unchanged (keep one across edits; absent: load cold). */
  readonly loadCache?: LoadCache;
  /** query/cquery: set CommandResult.graph for a graph view (default); false when nothing shows it (the CLI). */
  readonly resultGraph?: boolean;
}

const ASYNC_COMMANDS = new Set(['build', 'test', 'run']);

const NEEDS_WORKSPACE = new Set(['build', 'test', 'run', 'query', 'cquery', 'config', 'canonicalize-flags']);

/** Parses the command word and checks the workspace: a finished result, or the context to run the command in. */
function begin(files: WorkspaceFiles | FileSource, argv: readonly string[], opts: RunOptions): CommandResult | { ctx: CommandContext; command: string; args: string[] } {
  let i = 0;
  while (i < argv.length && argv[i]!.startsWith('-')) i++;
  const command = argv[i];
  const args = argv.slice(i + 1);
  const given = opts.loadCache?.workspaceFor(files) ?? new Workspace(files);
  const workspace = given.withProfile(withLanguageFlags(given.profile, args));
  // Packages loaded under other build-language flags are not reused.
  const loadCache = workspace === given ? opts.loadCache : undefined;
  const profile = workspace.profile;
  const out = new Console();
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
  const ctx: CommandContext = {
    workspace,
    workspaceDir: (opts.workspaceDir ?? '/workspace').replace(/\/+$/, ''),
    startup: argv.slice(0, i),
    cancel: opts.cancel,
    actionCache: opts.actionCache,
    signal: opts.signal,
    loadCache,
    resultGraph: opts.resultGraph,
  };
  return { ctx, command, args };
}

/** The build-language flags of a command line that change how BUILD files load (the last one given wins). */
function withLanguageFlags(profile: Profile, args: readonly string[]): Profile {
  const disallowEmptyGlob = booleanFlag(args, 'incompatible_disallow_empty_glob');
  const canonicalLabelStrings = profile.labels === 'modern' ? booleanFlag(args, 'incompatible_unambiguous_label_stringification') : undefined;
  let p = profile;
  if (disallowEmptyGlob !== undefined && disallowEmptyGlob !== p.disallowEmptyGlob) p = { ...p, disallowEmptyGlob };
  if (canonicalLabelStrings !== undefined && canonicalLabelStrings !== p.canonicalLabelStrings) p = { ...p, canonicalLabelStrings };
  return p;
}

/** A boolean flag's last value on the command line (`--name`, `--noname`, `--name=false`…); undefined when not given. */
function booleanFlag(args: readonly string[], name: string): boolean | undefined {
  let value: boolean | undefined;
  const re = new RegExp(`^--(no)?${name}(?:=(.*))?$`);
  for (const a of args) {
    if (a === '--') break;
    const m = re.exec(a);
    if (!m) continue;
    const v = m[2];
    if (m[1]) value = false;
    else if (v === undefined || v === 'true' || v === '1' || v === 'yes') value = true;
    else if (v === 'false' || v === '0' || v === 'no') value = false;
  }
  return value;
}

/** The commands that run no action (query, cquery, config, help, version), synchronously. */
export function runCommandSync(files: WorkspaceFiles | FileSource, argv: readonly string[], opts: RunOptions = {}): CommandResult {
  const b = begin(files, argv, opts);
  if (!('ctx' in b)) return b;
  if (b.command === 'query') return queryCommand(b.ctx, b.args);
  if (b.command === 'cquery') return cqueryCommand(b.ctx, b.args);
  if (b.command === 'config') return configCommand(b.ctx, b.args);
  if (b.command === 'canonicalize-flags') return canonicalizeCommand(b.ctx, b.args);
  const out = new Console(b.ctx.workspaceDir);
  out.line('error', `'${b.command}' runs actions: use runCommand, which waits for them`);
  return out.result(EXIT.COMMAND_LINE_ERROR);
}

async function dispatch(files: WorkspaceFiles | FileSource, argv: readonly string[], opts: RunOptions): Promise<CommandResult> {
  const b = begin(files, argv, opts);
  if (!('ctx' in b)) return b;
  if (!ASYNC_COMMANDS.has(b.command)) return runCommandSync(files, argv, opts);
  if (b.command === 'build') return buildCommand(b.ctx, b.args);
  if (b.command === 'test') return testCommand(b.ctx, b.args);
  return runTarget(b.ctx, b.args);
}

/** Runs a Bazel command line over the files; never throws (a bug becomes an 'internal' diagnostic, exit 37). */
export async function runCommand(files: WorkspaceFiles | FileSource, argv: readonly string[], opts: RunOptions = {}): Promise<CommandResult> {
  try {
    return await dispatch(files, argv, opts);
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
