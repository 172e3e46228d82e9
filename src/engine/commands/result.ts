// The result of a command, Bazel's exit codes, and the Console that collects stdout/stderr as Bazel prints them.

import { consoleText, type ConsoleEvent, type Diagnostic } from '../base/index.ts';
import type { SelectExplanation, SettingMatch, ToolchainExplanation } from '../config/index.ts';
import type { BuildEvent, SuiteExplanation } from '../loading/index.ts';
import type { GenqueryExplanation } from '../query/index.ts';
import type { GenruleExplanation, RootCause } from '../actions/index.ts';

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
 * Why things happened, as data for the UI's Why / Tests / Actions / Genquery panels, filled by the stage that
 * knows (analysis for all of them). The shapes are the engine's own types, imported type-only by the worker's
 * protocol and the UI, so they cross the worker boundary unchanged and are never restated.
 */
export interface Explanations {
  /** select() resolutions: configured-target key (`//pkg:t (<config>)`) → one entry per configurable attribute. */
  selects?: Record<string, readonly SelectExplanation[]>;
  /** config_settings analysed: configured-target key → its match against that configuration, or what is wrong. */
  settings?: Record<string, SettingMatch>;
  /** genrule command expansion stages, script, environment, transcript: label → explanation. */
  genrules?: Record<string, GenruleExplanation>;
  /** test_suite expansion: suite label → candidates kept or dropped, with the reason. */
  testSuites?: Record<string, SuiteExplanation>;
  /** genquery: label → expression, scope closure, result or the scope violation path. */
  genqueries?: Record<string, GenqueryExplanation>;
  /** Toolchain resolution: configured-target key → platforms, candidates and what each lacks. */
  toolchains?: Record<string, ToolchainExplanation>;
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
  /** Bazel crashed (an internal error it prints a stack trace for). */
  BAZEL_CRASH: 37,
} as const;

/** What Bazel names after "build aborted: " (nothing for a cycle, when it prints just "build aborted"). */
export function rootCauseText(rc: RootCause | undefined, fallback: string, workspaceDir: string): string | undefined {
  if (!rc) return `Analysis of target '${fallback}' failed`;
  switch (rc.kind) {
    case 'target':
      return `Analysis of target '${rc.label}' failed`;
    case 'diagnostic':
      return consoleText(rc.diagnostic, workspaceDir);
    case 'loading':
      return rc.message ?? 'Analysis failed';
    case 'cycle':
      return undefined;
  }
}

/**
 * A command's console, as Bazel writes it: stderr lines (`ERROR: …`, `INFO: …`, plain text), stdout, output files.
 * Diagnostics become console text here and only here (consoleText), and are kept as data for the result — the
 * editor's markers and the Problems panel show them.
 */
export class Console {
  private readonly out: string[] = [];
  private readonly err: string[] = [];
  readonly diagnostics: Diagnostic[] = [];
  readonly outputs: Record<string, Uint8Array> = {};
  readonly executables: string[] = [];
  readonly removed: string[] = [];
  graph?: ResultGraph;

  constructor(readonly workspaceDir = '/workspace') {}

  stdout(text: string): void {
    this.out.push(text);
  }

  /** A console line: `ERROR: text`, `WARNING: text`, `INFO: text`, `DEBUG: text`, `FAILED: text`. */
  line(severity: BuildEvent['severity'] | 'failed', text: string): void {
    this.err.push(`${severity.toUpperCase()}: ${text}\n`);
  }

  /** A line without a severity prefix (`Target //p:t up-to-date:`). */
  raw(text: string): void {
    this.err.push(text.endsWith('\n') ? text : text + '\n');
  }

  /** Loader and query events, in the order they happened (a located one keeps its Diagnostic). */
  events(events: readonly BuildEvent[]): void {
    const before = this.err.length;
    const batch = new Map<string, Set<unknown>>();
    for (const e of events) {
      // A package's loading error that a target pattern already reported as its own (`ERROR: error loading
      // package …`) is printed once, as Bazel does; the Diagnostic is kept for the editor. Two Diagnostics with one
      // text in one batch are two errors of one package (a value not allowed in two select() branches): both print.
      const line = `ERROR: ${e.text}\n`;
      const seen = batch.get(line);
      const repeated = e.severity === 'error' && (this.err.slice(0, before).includes(line) || (seen !== undefined && (e.diagnostic === undefined || seen.has(e.diagnostic))));
      if (!repeated) this.line(e.severity, e.text);
      if (e.severity === 'error') batch.set(line, (seen ?? new Set()).add(e.diagnostic));
      if (e.diagnostic) this.diagnostics.push(e.diagnostic);
    }
  }

  /** Analysis and execution events: Diagnostics rendered as Bazel prints them, and plain lines. */
  report(events: readonly (ConsoleEvent | Diagnostic)[]): void {
    for (const e of events) {
      const d = 'diagnostic' in e ? e.diagnostic : 'range' in e ? e : undefined;
      if (d) {
        this.line(d.severity, consoleText(d, this.workspaceDir));
        this.diagnostics.push(d);
      } else this.line((e as { severity: BuildEvent['severity'] }).severity, (e as { text: string }).text);
    }
  }

  /** A Diagnostic for the editor and Problems whose console line was printed another way (`FAIL: //t …`). */
  note(d: Diagnostic): void {
    this.diagnostics.push(d);
  }

  result(exitCode: number, explanations?: Explanations): CommandResult {
    return {
      exitCode,
      stdout: this.out.join(''),
      stderr: this.err.join(''),
      outputs: this.outputs,
      ...(this.executables.length > 0 ? { executables: this.executables } : {}),
      ...(this.removed.length > 0 ? { removed: this.removed } : {}),
      diagnostics: this.diagnostics,
      ...(explanations ? { explanations } : {}),
      ...(this.graph ? { graph: this.graph } : {}),
    };
  }
}
