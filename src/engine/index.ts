// The engine's public API: load a workspace (every BUILD and .bzl evaluated, for the editor's problems and
// outline) and run a Bazel command line over it. The web worker and the CLI use only this module.

import { compareDiagnostics, type Diagnostic, type ProfileName } from './base/index.ts';
import { labelToString, Loader, targetKind, Workspace, type WorkspaceFiles as Files } from './build/index.ts';
import { runCommand as run, type CommandResult, type RunOptions } from './commands/index.ts';

export type { Diagnostic, DiagnosticKind, Range, Severity, StackFrame, ProfileName } from './base/index.ts';
export type { CommandResult, Explanations, ResultGraph, ResultGraphNode, ResultGraphEdge } from './commands/index.ts';
export { EXIT, COMMANDS } from './commands/index.ts';
export { SourceFile, PROFILES, profileForVersion } from './base/index.ts';
export { execFile } from './starlark/index.ts';

/** Workspace-relative path → text. */
export type WorkspaceFiles = Record<string, string>;

export interface TargetSummary {
  label: string;
  kind: string;
  package: string;
  name: string;
  location: { file: string; line: number; column: number };
}

export interface LoadResult {
  profile: ProfileName;
  diagnostics: Diagnostic[];
  packages: string[];
  targets: TargetSummary[];
}

/**
 * Evaluates every BUILD file and every .bzl file (also those no BUILD file loads, so their errors show).
 * Diagnostics are sorted by file and position.
 */
export function loadWorkspace(files: WorkspaceFiles, opts: { cancel?: { cancelled: boolean } } = {}): LoadResult {
  const workspace = new Workspace(files as Files);
  const loader = new Loader(workspace, { cancel: opts.cancel });
  const targets: TargetSummary[] = [];
  for (const pkg of loader.loadAllPackages()) {
    for (const t of pkg.sortedTargets()) {
      targets.push({
        label: labelToString(t.label),
        kind: targetKind(t),
        package: pkg.name,
        name: t.label.name,
        location: { file: t.location.file, line: t.location.line, column: t.location.column },
      });
    }
  }
  loader.loadAllBzl();
  const prefix = workspace.rootPrefix;
  const diagnostics = [...new Set(loader.diagnostics)]
    .map((d) => (prefix && d.file ? { ...d, file: prefix + d.file } : d))
    .sort(compareDiagnostics);
  return { profile: workspace.profile.name, diagnostics, packages: [...workspace.packages], targets };
}

/** Runs `bazel <argv…>` over the files. Never throws. */
export function runCommand(files: WorkspaceFiles, argv: string[], opts: RunOptions = {}): Promise<CommandResult> {
  return run(files, argv, opts);
}
