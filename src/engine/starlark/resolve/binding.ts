// What the resolver attaches to the tree: a Binding per identifier and a ResolvedFunction per def/lambda/file.

import type { Ident, Param, Stmt } from '../syntax/ast.ts';

/**
 * Where a variable lives. 'local' is a slot in the current frame; 'cell' is a local shared with a nested
 * function (its slot holds a Cell); 'free' is a cell of an enclosing function, carried by the closure;
 * 'global' is a slot of the module; 'predeclared' and 'universal' are looked up by name in the
 * application's environment and in the builtins.
 */
export type Scope = 'local' | 'cell' | 'free' | 'global' | 'predeclared' | 'universal';

export interface Binding {
  /** Mutable: a 'local' becomes a 'cell' when a nested function turns out to use it. */
  scope: Scope;
  /** The slot: in the frame (local, cell), in the closure's free variables (free), in the module (global). */
  readonly index: number;
  readonly name: string;
  /** The first binding occurrence, or for predeclared/universal names the first use. */
  readonly first: Ident;
}

/** A function as the resolver sees it: its parameters in run-time order and the layout of its frame. */
export interface ResolvedFunction {
  /** The def's name, 'lambda', or '<toplevel>' for a file's top-level statements. */
  readonly name: string;
  /** Offset of the function's name (of `lambda`; 0 for a file): the location Bazel gives a function. */
  readonly pos: number;
  /** Ordinary parameters, keyword-only parameters, *args, **kwargs; a bare `*` is dropped. */
  readonly params: readonly Param[];
  readonly paramNames: readonly string[];
  /** For a lambda, a synthesized return of its body. */
  readonly body: readonly Stmt[];
  readonly hasVarargs: boolean;
  readonly hasKwargs: boolean;
  readonly numKeywordOnly: number;
  /** Every local of the frame, parameters first; comprehension variables included. */
  readonly locals: readonly Binding[];
  /** Indices in `locals` of the bindings that are cells. Complete only once the whole file is resolved. */
  cellIndices: number[];
  /** The enclosing cell/free bindings whose cells the closure captures, in FREE index order. */
  readonly freevars: readonly Binding[];
  /** The file's global names, in slot order (shared by every function of the file). */
  readonly globals: readonly string[];
  readonly doc?: string;
}
