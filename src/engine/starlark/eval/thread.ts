// Thread: the state of one Starlark computation — its call stack, step budget, print sink and thread-locals.
//
// Each active call has a Frame. A Starlark function's frame holds its locals and its current position (an
// offset into its file), which the evaluator moves to each call site before calling and, when an error
// passes, to the innermost failing expression (only once: `errorPosSet`). A builtin's frame has no
// position. When an EvalError first leaves a call, the thread snapshots the whole stack into it; that
// snapshot becomes the traceback of the diagnostic.

import type { StackFrame, StarlarkSemantics, SourceFile } from '../../base/index.ts';
import { EvalError, isCallable, typeName, type Callable, type ThreadLike, type Value } from '../values/index.ts';
import type { Module } from './module.ts';

/** A location in a file, 1-based, as the loading layer records it (a rule's definition site, a print). */
export interface CallLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** The locals of a frame until the caller sets them (a builtin's frame keeps it: one array less per call). */
const NO_LOCALS: unknown[] = [];

/** A frame of the call stack. */
export class Frame {
  /** Offset of the current position in the function's file; -1 for builtins. */
  pos: number;
  errorPosSet = false;
  /** The function's locals, indexed by the resolver's slots (cells hold Cell objects); a builtin has none. */
  locals: unknown[] = NO_LOCALS;
  /** The value of the last `return`. */
  result: Value | undefined;

  constructor(
    /** The function's name: `<toplevel>`, a def's name, `lambda`, or a builtin's name. */
    readonly name: string,
    /** The module whose code runs in this frame; undefined for builtins. */
    readonly module: Module | undefined,
    /** The Starlark function value (undefined for builtins). */
    readonly fn: { readonly freevars: readonly { v: Value | undefined }[] } | undefined,
    /** The callable, for the recursion check. */
    readonly callable: object | undefined,
    pos: number,
  ) {
    this.pos = pos;
  }
}

/** One frame of a captured stack: a Starlark frame has its file, a builtin's has none. */
export interface CapturedFrame {
  readonly name: string;
  readonly file: SourceFile | undefined;
  readonly pos: number;
}

export interface ThreadOptions {
  readonly semantics: StarlarkSemantics;
  readonly print?: (msg: string, where: CallLocation) => void;
  readonly maxSteps?: number;
  readonly cancel?: { cancelled: boolean };
  readonly threadLocals?: Map<string, unknown>;
}

export const DEFAULT_MAX_STEPS = 10_000_000;

/** The function that calls a value; installed by the interpreter (breaks the thread ↔ interpreter cycle). */
let callHook: (thread: Thread, fn: Value, args: Value[], kwargs: [string, Value][]) => Value = () => {
  throw new Error('interpreter not loaded');
};

export function installCallHook(hook: typeof callHook): void {
  callHook = hook;
}

export class Thread implements ThreadLike {
  readonly semantics: StarlarkSemantics;
  /** Application data carried by the computation (the loading layer keeps the package being built here). */
  readonly threadLocals: Map<string, unknown>;
  readonly frames: Frame[] = [];
  steps = 0;
  readonly maxSteps: number;
  private readonly cancel?: { cancelled: boolean };
  private readonly printSink?: (msg: string, where: CallLocation) => void;

  constructor(options: ThreadOptions) {
    this.semantics = options.semantics;
    this.threadLocals = options.threadLocals ?? new Map();
    this.maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS;
    this.cancel = options.cancel;
    this.printSink = options.print;
  }

  /** Counts one step of computation; throws when the budget is spent or the computation was cancelled. */
  step(): void {
    const n = ++this.steps;
    if (n >= this.maxSteps) throw new EvalError('Starlark computation cancelled: too many steps');
    if ((n & 1023) === 0 && this.cancel?.cancelled) throw new EvalError('Starlark computation cancelled');
  }

  /** Checks the cancel flag now (the evaluator calls it at each function call and loop iteration). */
  checkCancelled(): void {
    if (this.cancel?.cancelled) throw new EvalError('Starlark computation cancelled');
  }

  /** Calls any callable value as `fn(*args, **kwargs)`: a Starlark function or a builtin. */
  call(fn: Value, args: Value[], kwargs: [string, Value][] = []): Value {
    if (!isCallable(fn)) throw new EvalError(`'${typeName(fn)}' object is not callable`);
    return callHook(this, fn, args, kwargs);
  }

  /** print(): hands the message to the application with the location of the print call. */
  print(msg: string): void {
    this.printSink?.(msg, this.callerLocation() ?? { file: '', line: 0, column: 0 });
  }

  // ---- the call stack ----

  push(frame: Frame): void {
    this.frames.push(frame);
  }

  pop(): void {
    this.frames.pop();
  }

  /** Whether a frame below the top one runs `callable` (Bazel forbids recursion). */
  isRecursiveCall(callable: Callable): boolean {
    const fs = this.frames;
    for (let i = fs.length - 2; i >= 0; i--) if (fs[i]!.callable === callable) return true;
    return false;
  }

  /**
   * The location of the innermost Starlark call site: inside a builtin (a rule, `print`, a native function),
   * where that builtin was called from.
   */
  callerLocation(): CallLocation | undefined {
    for (let i = this.frames.length - 1; i >= 0; i--) {
      const f = this.frames[i]!;
      if (f.module?.file && f.pos >= 0) return locationOf(f.module.file, f.pos);
    }
    return undefined;
  }

  /** The Starlark frames of the current call stack, outermost first, each at its current position. */
  get callStack(): StackFrame[] {
    // stackFrames(this.snapshot()) without the snapshot: every rule a BUILD file declares asks for it.
    const frames = this.frames;
    const out: StackFrame[] = [];
    for (let i = 0; i < frames.length; i++) {
      const f = frames[i]!;
      const file = f.module?.file;
      if (!file) {
        if (i < frames.length - 1) out.push({ file: '<builtin>', line: 0, column: 0, name: f.name });
        continue;
      }
      const p = file.lines.position(f.pos);
      out.push({ file: file.path, line: p.line, column: p.column, name: f.name });
    }
    return out;
  }

  /** The whole stack, builtins included, as it is now. */
  snapshot(): CapturedFrame[] {
    return this.frames.map((f) => ({ name: f.name, file: f.module?.file, pos: f.module?.file ? f.pos : -1 }));
  }

  /**
   * Gives an error leaving a call the stack it was raised in (if it has none yet) and returns it. A JavaScript
   * stack overflow (deep recursion through distinct closures) becomes a Starlark error.
   */
  captureError(e: unknown): unknown {
    if (e instanceof RangeError && /call stack/i.test(e.message)) e = new EvalError('Starlark stack overflow');
    if (e instanceof EvalError) {
      if (e.stack2 === undefined) {
        const stack = this.snapshot();
        e.stack2 = stack;
        const top = stack[stack.length - 1];
        if (top && top.file === undefined) e.fnName = top.name;
      }
    } else if (e instanceof Error) {
      // A bug of ours: keep the Starlark stack for the 'internal' diagnostic.
      const bug = e as Error & { starlarkStack?: CapturedFrame[] };
      bug.starlarkStack ??= this.snapshot();
    }
    return e;
  }
}

export function locationOf(file: SourceFile, pos: number): CallLocation {
  const p = file.lines.position(pos);
  return { file: file.path, line: p.line, column: p.column };
}

/**
 * The frames of a captured stack as Bazel prints them, outermost first. A builtin at the top is dropped (it
 * shows as "Error in <name>:" instead); a builtin further down shows as `File "<builtin>", in <name>`.
 */
export function stackFrames(stack: readonly CapturedFrame[]): StackFrame[] {
  const out: StackFrame[] = [];
  stack.forEach((f, i) => {
    if (!f.file) {
      if (i < stack.length - 1) out.push({ file: '<builtin>', line: 0, column: 0, name: f.name });
      return;
    }
    const p = f.file.lines.position(f.pos);
    out.push({ file: f.file.path, line: p.line, column: p.column, name: f.name });
  });
  return out;
}
