// The result of a command, Bazel's exit codes, and the builder that collects stdout/stderr as Bazel prints them.

import type { Diagnostic } from '../base/index.ts';
import type { BuildEvent } from '../build/index.ts';

export interface CommandResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** Files written under bazel-bin/ (or bazel-testlogs/), by workspace-relative path, e.g. `bazel-bin/pkg/out.txt`. */
  outputs: Record<string, Uint8Array>;
  diagnostics: Diagnostic[];
}

/** Bazel's exit codes (ExitCode.java) that rulepen produces. */
export const EXIT = {
  SUCCESS: 0,
  BUILD_FAILURE: 1,
  COMMAND_LINE_ERROR: 2,
  /** Tests failed; for query, partial results with --keep_going. */
  TESTS_FAILED: 3,
  PARTIAL_ANALYSIS_FAILURE: 3,
  NO_TESTS_FOUND: 4,
  ANALYSIS_FAILURE: 1,
  COMMAND_FAILURE: 7,
} as const;

/** Collects a command's output. */
export class Output {
  private out: string[] = [];
  private err: string[] = [];
  readonly diagnostics: Diagnostic[] = [];
  readonly outputs: Record<string, Uint8Array> = {};

  stdout(text: string): void {
    this.out.push(text);
  }

  /** A console line: `ERROR: text`, `WARNING: text`, `INFO: text`, `DEBUG: text`. */
  line(severity: BuildEvent['severity'], text: string): void {
    this.err.push(`${severity.toUpperCase()}: ${text}\n`);
  }

  /** Loader events, in the order they happened. */
  events(events: readonly BuildEvent[]): void {
    for (const e of events) {
      this.line(e.severity, e.text);
      if (e.diagnostic) this.diagnostics.push(e.diagnostic);
    }
  }

  result(exitCode: number): CommandResult {
    return { exitCode, stdout: this.out.join(''), stderr: this.err.join(''), outputs: this.outputs, diagnostics: this.diagnostics };
  }
}
