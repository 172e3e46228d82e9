// The types that cross the worker boundary: what the UI sends to the engine worker and what comes back.
//
// These mirror the public API of src/engine/index.ts (loadWorkspace, runCommand) so that the UI can depend on
// this module alone. The worker module checks, at compile time, that the engine's results fit these shapes.

import type { Diagnostic, Explanations, OptionInfo, ResultGraph, RuleInfo, TargetDetails } from '../engine/index.ts';

export type { Diagnostic, DiagnosticKind, Range, Severity, StackFrame } from '../engine/index.ts';
export type { ModuleInfoView } from '../engine/index.ts';
export type { AttributeView, Explanations, GenruleExplanation, SuiteCandidate, SuiteExplanation, OptionInfo, RuleInfo, ResultGraph, ResultGraphEdge, ResultGraphNode, TargetDetails } from '../engine/index.ts';

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
  /** Why things happened (select resolutions, genrule stages, test_suite expansion), when the engine says. */
  explanations?: Explanations;
  /** The result graph of query / cquery, when the engine provides it. */
  graph?: ResultGraph;
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
  /** A target's kind and attributes from its rule's schema; null when there is no such target. */
  describe(files: WorkspaceFiles, label: string): Promise<TargetDetails | null>;
  /** The command-line option table, for the flags bar's completion. */
  options(): Promise<OptionInfo[]>;
  /** The native rules' schema tables, for the editor's hover, completion and signature help. */
  rules(): Promise<RuleInfo[]>;
  /** The ModuleInfo of a .bzl path or a starlark_doc_extract label, as JSON and textproto; errors in Bazel's words. */
  docs(files: WorkspaceFiles, pathOrLabel: string): Promise<DocsResult>;
  /** A `*.binaryproto` decoded to JSON and textproto. */
  decodeModuleInfo(bytes: Uint8Array): Promise<DecodedModuleInfo>;
}

/** What docs() answers (the engine's ModuleInfoView). */
export type DocsResult =
  | { ok: true; file: string; target: string | null; json: JsonValue; text: string }
  | { ok: false; file: string | null; target: string | null; error: string };

export type DecodedModuleInfo = { ok: true; json: JsonValue; text: string } | { ok: false; error: string };

/** A JSON value (the protobuf JSON mapping's output). */
export type JsonValue = number | string | boolean | null | JsonValue[] | { [k: string]: JsonValue };
