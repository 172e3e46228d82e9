// The result of a command, Bazel's exit codes, and the builder that collects stdout/stderr as Bazel prints them.

import type { Diagnostic } from '../base/index.ts';
import type { BuildEvent } from '../loading/index.ts';

export interface CommandResult {
  exitCode: number;
  stdout: string;
  /** stdout as bytes when it is binary (query --output=proto/streamed_proto); `stdout` then holds one char per byte. */
  stdoutBytes?: Uint8Array;
  stderr: string;
  /** Files written under bazel-bin/ (or bazel-testlogs/), by workspace-relative path, e.g. `bazel-bin/pkg/out.txt`. */
  outputs: Record<string, Uint8Array>;
  /** Keys of `outputs` that are executable files (genrule executable = True, sh_binary/sh_test). */
  executables?: string[];
  /** Output paths (as in `outputs`) of actions that failed: Bazel deletes them, so a writer removes old copies. */
  removed?: string[];
  diagnostics: Diagnostic[];
  /** Why things happened, as data for the UI's Why / Tests / Actions panels (filled by the stage that knows). */
  explanations?: Explanations;
  /** The result graph of query / cquery (and of a build's configured targets), for the Graph panel. */
  graph?: ResultGraph;
}

export interface ResultGraphNode {
  /** Unique: the label, or `label (config id)` for configured targets. */
  readonly id: string;
  readonly label: string;
  /** `genrule rule`, `source file`, … */
  readonly kind: string;
  readonly config?: string;
  readonly location?: { readonly file: string; readonly line: number; readonly column: number };
}

export interface ResultGraphEdge {
  readonly from: string;
  readonly to: string;
  readonly attr?: string;
  /** The edge exists only in some branch of a select() (query), or came from a resolved select() (cquery). */
  readonly select?: boolean;
  /** A tool dependency in the exec/host configuration. */
  readonly tool?: boolean;
}

export interface ResultGraph {
  readonly nodes: readonly ResultGraphNode[];
  readonly edges: readonly ResultGraphEdge[];
  /** Too many nodes to draw: the edges were not computed. */
  readonly edgesOmitted?: boolean;
}

/**
 * Explanations keyed by target (label, or configured-target key). Each stage adds its own kind; the shapes are
 * defined next to the code that produces them (config/CONTRACT.md for selects) and only referenced here as
 * plain data, so that they cross the worker boundary unchanged.
 */
export interface Explanations {
  /** select() resolutions: configured target key → one entry per configurable attribute resolved. */
  selects?: Record<string, readonly unknown[]>;
  /** genrule command expansion stages, script, environment, transcript: label → explanation. */
  genrules?: Record<string, unknown>;
  /** test_suite expansion: suite label → candidates kept or dropped, with the reason. */
  testSuites?: Record<string, unknown>;
  /** genquery: label → expression, scope closure, result or the scope violation path. */
  genqueries?: Record<string, unknown>;
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
