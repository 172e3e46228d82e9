// The one entry point every command uses for its options: `commandLine(workspace, command, args, startup)`
// reads the workspace's .bazelrc (unless --noworkspace_rc), the files given by the startup option --bazelrc
// (Bazel reads them after the workspace one; /dev/null reads nothing), expands `--config`, parses the
// command's own arguments, and returns the options with their sources — or Bazel's error (exit 2).

import type { Workspace } from '../loading/index.ts';
import { expandCommandLine, readRcFile, type CommandLine, type RcLine } from './bazelrc.ts';
import { CURRENT_OPTION_OVERRIDES, lastValue, OPTIONS, OptionsError, type OptionValue } from './options.ts';

export type CommandLineResult = CommandLine | { readonly error: string };

function rcPath(p: string): string {
  return p.replace(/^%workspace%\/?/, '').replace(/^\.\//, '');
}

/** Startup options rulepen understands (others are accepted and ignored, as they concern the server). */
function startupRcFiles(startup: readonly string[]): { files: string[]; workspaceRc: boolean } {
  const files: string[] = [];
  let workspaceRc = true;
  for (let i = 0; i < startup.length; i++) {
    const w = startup[i]!;
    if (w.startsWith('--bazelrc=')) files.push(w.slice('--bazelrc='.length));
    else if (w === '--bazelrc' && i + 1 < startup.length) files.push(startup[++i]!);
    else if (w === '--noworkspace_rc') workspaceRc = false;
    else if (w === '--workspace_rc') workspaceRc = true;
  }
  return { files, workspaceRc };
}

export function commandLine(workspace: Workspace, command: string, args: readonly string[], startup: readonly string[] = []): CommandLineResult {
  try {
    const rc = rcLines(workspace, startup);
    if ('error' in rc) return rc;
    return expandCommandLine(command, args, rc, {
      commonIgnoresInapplicable: workspace.profile.rcCommonIgnoresInapplicable,
      ...(workspace.profile.toolchains.messages === 'current' ? { overrides: CURRENT_OPTION_OVERRIDES } : {}),
    });
  } catch (e) {
    if (e instanceof OptionsError) return { error: e.message };
    throw e;
  }
}

/** The lines of the rc files a command reads (the workspace's .bazelrc unless --noworkspace_rc, then --bazelrc files). */
export function rcLines(workspace: Workspace, startup: readonly string[] = []): RcLine[] | { error: string } {
  const read = (p: string) => workspace.read(rcPath(p));
  const { files, workspaceRc } = startupRcFiles(startup);
  const rc: RcLine[] = [];
  if (workspaceRc && workspace.hasFile('.bazelrc')) rc.push(...readRcFile('.bazelrc', read));
  for (const f of files) {
    if (f === '/dev/null') continue;
    if (read(f) === undefined) return { error: `Error: Unable to read .bazelrc file '${f}'.` };
    rc.push(...readRcFile(rcPath(f), read));
  }
  return rc;
}

/**
 * The effective value of a single-valued option for the command: the last one given (command line or rc
 * files), else the table's default (booleans as true/false; null when there is none).
 */
export function optionValue(cl: CommandLine, name: string): string | boolean | null {
  const v: OptionValue | undefined = lastValue(cl.options, name);
  if (v) return v.value;
  const def = OPTIONS.get(name);
  if (!def) return null;
  if (def.kind === 'boolean') return def.default === 'true';
  return def.default;
}
