// The types that cross the worker boundary: what the UI sends to the engine worker and what comes back.
//
// These mirror the public API of src/engine/index.ts (loadWorkspace, runCommand) so that the UI can depend on
// this module alone. The worker module checks, at compile time, that the engine's results fit these shapes.

import type { Diagnostic } from '../engine/index.ts';

export type { Diagnostic, DiagnosticKind, Range, Severity, StackFrame } from '../engine/index.ts';

/** Workspace-relative path (no leading slash, `/` separators) → file text. */
export type WorkspaceFiles = Record<string, string>;

export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

export interface TargetSummary {
  label: string;
  kind: string;
  package: string;
  name: string;
  location: SourceLocation;
}

export type Profile = 'bazel4' | 'modern';

export interface LoadResult {
  profile: Profile;
  diagnostics: Diagnostic[];
  packages: string[];
  targets: TargetSummary[];
}

export interface CommandResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, Uint8Array>;
  diagnostics: Diagnostic[];
}

/** How long the engine took, measured in the worker; for display only. */
export interface Timed<T> {
  result: T;
  millis: number;
}

/** The API the worker exposes through comlink. Every method resolves; engine failures become diagnostics. */
export interface EngineWorkerApi {
  load(files: WorkspaceFiles): Promise<Timed<LoadResult>>;
  run(files: WorkspaceFiles, argv: string[]): Promise<Timed<CommandResult>>;
}
