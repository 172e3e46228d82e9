// EvalError: the one exception type for Starlark runtime errors.
//
// Library code throws it with Bazel's message text; the evaluator catches it, attaches the Starlark call
// stack and turns it into a Diagnostic. `fnName` is set by the evaluator when the error escapes a builtin, so
// it can print Bazel's `Error in <fn>: <message>`.

export class EvalError extends Error {
  /** Filled by the evaluator (the language part): the builtin the error came out of, if any. */
  fnName?: string;
  /** Free slot for the evaluator (call stack, position); the library never reads it. */
  stack2?: unknown;

  constructor(message: string) {
    super(message);
    this.name = 'EvalError';
  }
}

/** Shorthand used throughout the library: `throw evalError(...)`. */
export function evalError(message: string): EvalError {
  return new EvalError(message);
}
