// execFile(): parse, resolve and run one Starlark file into a frozen Module, with every problem as a Diagnostic.

import { diagnosticAt, type Diagnostic, type StarlarkSemantics, type SourceFile } from '../../base/index.ts';
import { universe } from '../lib/universe.ts';
import { resolveFile } from '../resolve/resolver.ts';
import type { FileNode, LoadStmt } from '../syntax/ast.ts';
import { checkBuildDialectAfterResolve, parse, toDiagnostics, type Dialect } from '../syntax/parse.ts';
import type { Value } from '../values/index.ts';
import { execToplevel, setExecContext, type PostAssignHook } from './interpreter.ts';
import { Module } from './module.ts';
import { Thread, type CallLocation } from './thread.ts';
import { errorToDiagnostic } from './traceback.ts';

export interface ExecOptions {
  /** 'build': no def, lambda, for/if statements, *args/**kwargs; loads bind globals; names may be re-bound. */
  readonly dialect: Dialect;
  readonly semantics: StarlarkSemantics;
  /** Added to the universe (native rules, Label, …). A predeclared name hides a builtin of the same name. */
  readonly predeclared: ReadonlyMap<string, Value>;
  /** Resolves `load("…", …)`; detecting cycles is the caller's business. */
  readonly load?: (module: string, fromFile: string) => Module | { error: string };
  /** print() output, with the location of the print call. */
  readonly print?: (msg: string, where: CallLocation) => void;
  /** Default 10_000_000; then "Starlark computation cancelled: too many steps". */
  readonly maxSteps?: number;
  readonly cancel?: { cancelled: boolean };
  /** Application data for builtins (the loading layer keeps the package being built here). */
  readonly threadLocals?: Map<string, unknown>;
  /** Shown in the repr of the file's functions: `<function f from LABEL>`. */
  readonly label?: string;
  /** Called after each unindented top-level assignment, per bound name (Bazel names rules and providers so). */
  readonly postAssign?: PostAssignHook;
  /** Supplies the thread (for example to share a step counter); by default a new one is made. */
  readonly thread?: Thread;
  /**
   * Names of the universe this file does not see: for a dialect without some of the builtins rulepen keeps in
   * the universe (Bazel 4.2.3's cquery formatter had no `struct` or `json`).
   */
  readonly withoutUniversal?: readonly string[];
}

export interface ExecResult {
  /** The file's globals, frozen; partial (or empty) when there are errors. */
  readonly module: Module;
  readonly diagnostics: Diagnostic[];
}

const universes = new WeakMap<StarlarkSemantics, Map<string, Value>>();

/** The universe of a semantics, built once per semantics object. */
export function universeFor(semantics: StarlarkSemantics): ReadonlyMap<string, Value> {
  let u = universes.get(semantics);
  if (!u) universes.set(semantics, (u = universe(semantics)));
  return u;
}

/** The universe a file sees: its semantics' universe, less the names it is told to leave out. */
function universeOf(opts: Pick<ExecOptions, 'semantics' | 'withoutUniversal'>): ReadonlyMap<string, Value> {
  const u = universeFor(opts.semantics);
  if (!opts.withoutUniversal?.length) return u;
  const hidden = new Set(opts.withoutUniversal);
  return new Map([...u].filter(([k]) => !hidden.has(k)));
}

/**
 * Parses and resolves a file as Bazel does before running it: syntax errors, then (for BUILD files, only when
 * the file parsed) the dialect checks, then the resolver's errors (for .bzl files even after syntax errors).
 */
export function compileFile(
  source: SourceFile,
  opts: Pick<ExecOptions, 'dialect' | 'semantics' | 'predeclared' | 'withoutUniversal'>,
): { file: FileNode; diagnostics: Diagnostic[] } {
  const parsed = parse(source, { dialect: opts.dialect, semantics: opts.semantics });
  const diagnostics = parsed.diagnostics;
  if (opts.dialect === 'build' && diagnostics.length > 0) return { file: parsed.file, diagnostics };
  const u = universeOf(opts);
  const predeclared = opts.predeclared;
  try {
    const errors = resolveFile(parsed.file, {
      dialect: opts.dialect,
      isPredeclared: (n) => predeclared.has(n),
      isUniversal: (n) => u.has(n),
      candidates: () => [...predeclared.keys(), ...u.keys()],
      text: source.text,
      reassignGlobalMessage: opts.semantics.reassignGlobalMessage,
    });
    diagnostics.push(...toDiagnostics(source, errors, 'resolve'));
    if (opts.dialect === 'build' && opts.semantics.buildDialectAfterResolve && parsed.restricted && diagnostics.length === 0) diagnostics.push(...checkBuildDialectAfterResolve(source, parsed.file));
  } catch (e) {
    diagnostics.push(errorToDiagnostic(e instanceof Error ? e : new Error(String(e)), source));
  }
  return { file: parsed.file, diagnostics };
}

/** Runs a file. Never throws: user errors and bugs alike come back as diagnostics. */
export function execFile(source: SourceFile, opts: ExecOptions): ExecResult {
  const u = universeOf(opts);
  let module = new Module(source, [], opts.predeclared, u, opts.label);
  try {
    const { file, diagnostics } = compileFile(source, opts);
    if (diagnostics.length > 0 || !file.toplevel) {
      module.freeze();
      return { module, diagnostics };
    }
    module = new Module(source, file.toplevel.globals, opts.predeclared, u, opts.label);

    // Bazel loads every module a file names before running any of it.
    const loaded = new Map<string, Module>();
    for (const s of file.stmts) {
      if (s.kind !== 'LoadStmt') continue;
      const name = s.module.value as string;
      if (loaded.has(name)) continue;
      const problem = loadModule(source, s, opts, loaded);
      if (problem) {
        module.freeze();
        return { module, diagnostics: [problem] };
      }
    }

    const thread =
      opts.thread ??
      new Thread({
        semantics: opts.semantics,
        print: opts.print,
        maxSteps: opts.maxSteps,
        cancel: opts.cancel,
        threadLocals: opts.threadLocals,
      });
    setExecContext(thread, { loaded, postAssign: opts.postAssign });
    try {
      execToplevel(thread, module, file.toplevel);
    } catch (e) {
      module.freeze();
      return { module, diagnostics: [errorToDiagnostic(e, source)] };
    }
    module.freeze();
    return { module, diagnostics: [] };
  } catch (e) {
    // A bug of ours; the user's program is not to blame.
    module.freeze();
    return { module, diagnostics: [errorToDiagnostic(e instanceof Error ? e : new Error(String(e)), source)] };
  }
}

function loadModule(source: SourceFile, s: LoadStmt, opts: ExecOptions, loaded: Map<string, Module>): Diagnostic | undefined {
  const name = s.module.value as string;
  const span = { start: s.module.start, end: s.module.end };
  if (!opts.load) return diagnosticAt(source, span, 'error', 'load statements may not be executed in this thread', 'loading');
  const r = opts.load(name, source.path);
  if (r instanceof Module) {
    loaded.set(name, r);
    return undefined;
  }
  return diagnosticAt(source, span, 'error', r.error, 'loading');
}
