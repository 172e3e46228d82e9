// The tree-walking evaluator: executes resolved statements and evaluates expressions in a Frame.
//
// Every variable access is an array index chosen by the resolver (locals and cells in the frame, free
// variables in the closure, globals in the module); only predeclared and universal names go through a Map.
// Each statement and expression counts one step of the thread's budget, as in Bazel.
//
// Error locations follow Bazel's Eval.java: when an EvalError passes an operator, call, index, attribute,
// identifier or assignment, the frame's position is set to that node's operator/bracket/identifier — once,
// so the innermost wins — and the thread snapshots the stack when the error leaves a call. Errors are never
// caught for good: Starlark has no try/except.

import type {
  Argument,
  AssignStmt,
  BinaryExpr,
  CallExpr,
  Comprehension,
  DictExpr,
  Expr,
  ForStmt,
  Ident,
  LoadStmt,
  ResolvedFunction,
  Stmt,
} from '../syntax/ast.ts';
import { boundIdents } from '../syntax/ast.ts';
import { didYouMean } from '../resolve/spell.ts';
import {
  Dict,
  EvalError,
  Float,
  MAX_REPEAT,
  List,
  None,
  RangeValue,
  beginIteration,
  binary,
  checkHashable,
  compare,
  contains,
  equals,
  endIteration,
  getAttr,
  getIndex,
  isCallable,
  iterate,
  len,
  lookupMethod,
  repr,
  setField as setFieldOf,
  setIndex,
  slice,
  toArray,
  truth,
  tuple,
  typeName,
  unary,
  type Value,
} from '../values/index.ts';
import { Cell, MANDATORY, StarlarkFunction, type DefaultValue } from './function.ts';
import type { Module } from './module.ts';
import { Frame, Thread, installCallHook } from './thread.ts';

// Control flow outcomes of executing statements.
const PASS = 0;
const BREAK = 1;
const CONTINUE = 2;
const RETURN = 3;
type Flow = typeof PASS | typeof BREAK | typeof CONTINUE | typeof RETURN;

/** Called after each top-level (unindented) assignment, per bound name: Bazel's "export" hook. */
export type PostAssignHook = (name: string, value: Value) => void;

/** Per-thread interpreter state that does not belong to the language-neutral Thread. */
interface ExecContext {
  readonly postAssign?: PostAssignHook;
  /** Resolves a load statement's module (already fetched by the caller of execModule). */
  readonly loaded: ReadonlyMap<string, Module>;
}

const contexts = new WeakMap<Thread, ExecContext>();

/** Sets the interpreter state of a thread before running a module in it. */
export function setExecContext(thread: Thread, ctx: ExecContext): void {
  contexts.set(thread, ctx);
}

// ---- calls ----

/** Calls a value from Starlark or from JavaScript: pushes a frame, runs, pops; errors get their stack. */
export function callValue(thread: Thread, fn: Value, args: Value[], kwargs: [string, Value][]): Value {
  if (!isCallable(fn)) throw new EvalError(`'${typeName(fn)}' object is not callable`);
  thread.checkCancelled();
  if (fn instanceof StarlarkFunction) {
    const fr = new Frame(fn.name, fn.module, fn, fn, fn.rfn.pos);
    thread.push(fr);
    try {
      if (thread.isRecursiveCall(fn)) throw new EvalError(`function '${fn.name}' called recursively`);
      fr.locals = fn.bindArguments(args, kwargs);
      return runBody(thread, fr, fn.rfn);
    } catch (e) {
      throw thread.captureError(e);
    } finally {
      thread.pop();
    }
  }
  thread.push(new Frame(fn.name, undefined, undefined, fn, -1));
  try {
    return fn.call(thread, args, kwargs);
  } catch (e) {
    throw thread.captureError(e);
  } finally {
    thread.pop();
  }
}

installCallHook(callValue);

function runBody(thread: Thread, fr: Frame, rfn: ResolvedFunction): Value {
  const cells = rfn.cellIndices;
  for (let i = 0; i < cells.length; i++) {
    const k = cells[i]!;
    fr.locals[k] = new Cell(fr.locals[k] as Value | undefined);
  }
  fr.result = None;
  execStatements(thread, fr, rfn.body, false);
  return fr.result;
}

/** Executes a module's top-level statements in a new <toplevel> frame. */
export function execToplevel(thread: Thread, module: Module, rfn: ResolvedFunction): void {
  const fn = new StarlarkFunction(rfn, module, [], []);
  const fr = new Frame('<toplevel>', module, fn, fn, 0);
  thread.push(fr);
  try {
    fr.locals = new Array(rfn.locals.length).fill(undefined);
    runBody(thread, fr, rfn);
  } catch (e) {
    throw thread.captureError(e);
  } finally {
    thread.pop();
  }
}

/** Records `pos` as the frame's error position, unless an inner node already did. */
function locate(fr: Frame, pos: number): void {
  if (!fr.errorPosSet) {
    fr.errorPosSet = true;
    fr.pos = pos;
  }
}

// ---- statements ----

function execStatements(thread: Thread, fr: Frame, stmts: readonly Stmt[], indented: boolean): Flow {
  const toplevelHook = !indented && fr.name === '<toplevel>' ? contexts.get(thread)?.postAssign : undefined;
  for (let i = 0; i < stmts.length; i++) {
    const s = stmts[i]!;
    const flow = exec(thread, fr, s);
    if (flow !== PASS) return flow;
    if (toplevelHook && s.kind === 'AssignStmt') {
      for (const id of boundIdents(s.lhs)) {
        const v = readIdent(fr, id, true);
        if (v !== undefined) toplevelHook(id.name, v);
      }
    }
  }
  return PASS;
}

function exec(thread: Thread, fr: Frame, s: Stmt): Flow {
  thread.step();
  switch (s.kind) {
    case 'AssignStmt':
      try {
        if (s.op === '=') assign(thread, fr, s.lhs, evalExpr(thread, fr, s.rhs));
        else execAugmented(thread, fr, s);
      } catch (e) {
        locate(fr, s.opPos);
        throw e;
      }
      return PASS;
    case 'ExprStmt':
      evalExpr(thread, fr, s.x);
      return PASS;
    case 'IfStmt':
      return execStatements(thread, fr, truth(evalExpr(thread, fr, s.cond)) ? s.then : s.else, true);
    case 'ForStmt':
      return execFor(thread, fr, s);
    case 'DefStmt':
      assignIdent(fr, s.name, newFunction(thread, fr, s.fn!));
      return PASS;
    case 'ReturnStmt':
      fr.result = s.result ? evalExpr(thread, fr, s.result) : None;
      return RETURN;
    case 'BranchStmt':
      return s.token === 'break' ? BREAK : s.token === 'continue' ? CONTINUE : PASS;
    case 'LoadStmt':
      execLoad(thread, fr, s);
      return PASS;
  }
}

/** One pass of a for loop: the variables bound to the element, the body run, then a chance to cancel. */
function forPass(thread: Thread, fr: Frame, vars: ForStmt['vars'], body: ForStmt['body'], x: Value): Flow {
  assign(thread, fr, vars, x);
  const flow = execStatements(thread, fr, body, true);
  if (flow !== BREAK && flow !== RETURN) thread.checkCancelled();
  return flow;
}

function execFor(thread: Thread, fr: Frame, s: ForStmt): Flow {
  const seq = evalExpr(thread, fr, s.iterable);
  // range(): no iterator object and no iteration guard (a range is immutable).
  if (seq instanceof RangeValue) {
    const start = seq.start;
    const step = seq.step;
    const n = seq.len;
    const vars = s.vars;
    const body = s.body;
    // forPass inlined, and a local loop variable bound without assign(): the commonest loop costs fewer calls
    // before V8 has optimised the evaluator (a first run is mostly spent in its lower tiers).
    const local = vars.kind === 'Ident' && vars.binding!.scope === 'local' ? vars.binding!.index : -1;
    const locals = fr.locals;
    try {
      for (let i = 0; i < n; i++) {
        if (local >= 0) locals[local] = start + i * step;
        else assign(thread, fr, vars, start + i * step);
        const flow = execStatements(thread, fr, body, true);
        if (flow === BREAK) break;
        if (flow === RETURN) return RETURN;
        thread.checkCancelled();
      }
    } catch (e) {
      locate(fr, s.start);
      throw e;
    }
    return PASS;
  }
  let items: Iterable<Value>;
  try {
    items = iterate(seq);
  } catch (e) {
    locate(fr, s.iterable.start);
    throw e;
  }
  beginIteration(seq);
  try {
    if (Array.isArray(items)) {
      // A list's or tuple's elements: indexing is cheaper than the array iterator (the guard keeps it stable).
      const xs = items as readonly Value[];
      for (let i = 0; i < xs.length; i++) {
        const flow = forPass(thread, fr, s.vars, s.body, xs[i]!);
        if (flow === BREAK) break;
        if (flow === RETURN) return RETURN;
      }
    } else {
      for (const x of items) {
        const flow = forPass(thread, fr, s.vars, s.body, x);
        if (flow === BREAK) break;
        if (flow === RETURN) return RETURN;
      }
    }
  } catch (e) {
    locate(fr, s.start);
    throw e;
  } finally {
    endIteration(seq);
  }
  return PASS;
}

function execLoad(thread: Thread, fr: Frame, s: LoadStmt): void {
  const moduleName = s.module.value as string;
  const module = contexts.get(thread)?.loaded.get(moduleName);
  if (!module) {
    locate(fr, s.start);
    throw new EvalError(`module '${moduleName}' not found`);
  }
  for (const b of s.bindings) {
    const v = module.get(b.orig.name);
    if (v === undefined) {
      locate(fr, b.orig.start);
      throw new EvalError(
        `file '${moduleName}' does not contain symbol '${b.orig.name}'${didYouMean(b.orig.name, module.globals.keys())}`,
      );
    }
    assignIdent(fr, b.local, v);
  }
}

/** The binary operator of each augmented assignment (`+=` → `+`). */
const AUGMENTED_OP: Readonly<Record<string, string>> = {
  '+=': '+',
  '-=': '-',
  '*=': '*',
  '/=': '/',
  '//=': '//',
  '%=': '%',
  '&=': '&',
  '|=': '|',
  '^=': '^',
  '<<=': '<<',
  '>>=': '>>',
};

function execAugmented(thread: Thread, fr: Frame, s: AssignStmt): void {
  const lhs = s.lhs;
  switch (lhs.kind) {
    case 'Ident': {
      const x = evalExpr(thread, fr, lhs);
      const y = evalExpr(thread, fr, s.rhs);
      // int += int, the commonest case, without the operator dispatch.
      if (s.op === '+=' && typeof x === 'number' && typeof y === 'number') {
        const z = x + y;
        if (Number.isSafeInteger(z)) {
          const b = lhs.binding!;
          if (b.scope === 'local') fr.locals[b.index] = z;
          else assignIdent(fr, lhs, z);
          return;
        }
      }
      assignIdent(fr, lhs, inplaceBinary(AUGMENTED_OP[s.op]!, x, y, thread));
      return;
    }
    case 'IndexExpr': {
      const obj = evalExpr(thread, fr, lhs.x);
      const key = evalExpr(thread, fr, lhs.index);
      const x = getIndex(obj, key);
      const y = evalExpr(thread, fr, s.rhs);
      setIndex(obj, key, inplaceBinary(AUGMENTED_OP[s.op]!, x, y, thread));
      return;
    }
    case 'DotExpr': {
      const obj = evalExpr(thread, fr, lhs.x);
      try {
        const x = getAttr(obj, lhs.name.name, thread);
        const y = evalExpr(thread, fr, s.rhs);
        let z: Value;
        try {
          z = inplaceBinary(AUGMENTED_OP[s.op]!, x, y, thread);
        } catch (e) {
          locate(fr, s.opPos);
          throw e;
        }
        setField(obj, lhs.name.name, z);
      } catch (e) {
        locate(fr, lhs.dot);
        throw e;
      }
      return;
    }
    default:
      throw new EvalError(`cannot perform augmented assignment on '${lhs.kind}'`);
  }
}

/** `dict | dict` is Starlark's since Bazel 5 (StarlarkSemantics.dictUnion); before, no such operation. */
function checkDictUnion(thread: Thread, op: string, x: Value, y: Value): void {
  if (op === '|' && x instanceof Dict && y instanceof Dict && thread.semantics?.dictUnion === false) throw new EvalError('unsupported binary operation: dict | dict');
}

/** `x op= y`: lists extend in place and dicts update in place, as in Bazel; otherwise `x op y`. */
function inplaceBinary(op: string, x: Value, y: Value, thread?: Thread): Value {
  if (thread) checkDictUnion(thread, op, x, y);
  if (op === '+' && x instanceof List && y instanceof List) {
    x.checkMutable();
    if (x.elems.length + y.elems.length > MAX_REPEAT) {
      throw new EvalError(`excessive list length (${x.elems.length} + ${y.elems.length} elements)`);
    }
    // No push(...y.elems): spreading a long list overflows the JavaScript argument stack.
    const src = y.elems.slice();
    for (let i = 0; i < src.length; i++) x.elems.push(src[i]!);
    return x;
  }
  if (op === '|' && x instanceof Dict && y instanceof Dict) {
    x.checkMutable();
    for (const [k, v] of y.entries()) x.put(k, v);
    return x;
  }
  return binary(op, x, y);
}

/** x.name = v: a value may accept it through its own setField member; otherwise the library says no. */
function setField(obj: Value, name: string, v: Value): void {
  const target = obj as { setField?: (name: string, v: Value) => void };
  if (typeof obj === 'object' && typeof target.setField === 'function') target.setField(name, v);
  else setFieldOf(obj, name, v);
}

// ---- assignment ----

function assign(thread: Thread, fr: Frame, lhs: Expr, v: Value): void {
  if (lhs.kind === 'Ident' && lhs.binding!.scope === 'local') {
    fr.locals[lhs.binding!.index] = v;
    return;
  }
  switch (lhs.kind) {
    case 'Ident':
      assignIdent(fr, lhs, v);
      return;
    case 'IndexExpr': {
      const obj = evalExpr(thread, fr, lhs.x);
      const key = evalExpr(thread, fr, lhs.index);
      setIndex(obj, key, v);
      return;
    }
    case 'ListExpr':
    case 'TupleExpr':
      assignSequence(thread, fr, lhs.elems, v);
      return;
    case 'DotExpr': {
      const obj = evalExpr(thread, fr, lhs.x);
      try {
        setField(obj, lhs.name.name, v);
      } catch (e) {
        locate(fr, lhs.dot);
        throw e;
      }
      return;
    }
    default:
      throw new EvalError(`cannot assign to '${lhs.kind}'`);
  }
}

function assignSequence(thread: Thread, fr: Frame, lhs: readonly Expr[], x: Value): void {
  const nrhs = len(x);
  const nlhs = lhs.length;
  if (nrhs < 0 || typeof x === 'string') {
    throw new EvalError(`got '${typeName(x)}' in sequence assignment (want ${nlhs}-element sequence)`);
  }
  if (nlhs !== nrhs) {
    throw new EvalError(`too ${nrhs < nlhs ? 'few' : 'many'} values to unpack (got ${nrhs}, want ${nlhs})`);
  }
  const items = toArray(x);
  for (let i = 0; i < nlhs; i++) assign(thread, fr, lhs[i]!, items[i]!);
}

function assignIdent(fr: Frame, id: Ident, v: Value): void {
  const b = id.binding!;
  switch (b.scope) {
    case 'local':
      fr.locals[b.index] = v;
      return;
    case 'cell':
      (fr.locals[b.index] as Cell).v = v;
      return;
    case 'global':
      fr.module!.values[b.index] = v;
      return;
    default:
      throw new Error(`cannot assign to ${b.scope} variable ${id.name}`);
  }
}

// ---- expressions ----

function readIdent(fr: Frame, id: Ident, quiet: boolean): Value | undefined {
  const b = id.binding!;
  let v: Value | undefined;
  switch (b.scope) {
    case 'local':
      v = fr.locals[b.index] as Value | undefined;
      break;
    case 'cell':
      v = (fr.locals[b.index] as Cell).v;
      break;
    case 'free':
      v = fr.fn!.freevars[b.index]!.v;
      break;
    case 'global':
      v = fr.module!.values[b.index];
      break;
    case 'predeclared':
      v = fr.module!.predeclared.get(b.name);
      break;
    case 'universal':
      v = fr.module!.universe.get(b.name);
      break;
  }
  if (v === undefined && !quiet) {
    locate(fr, id.start);
    throw new EvalError(`${b.scope} variable '${id.name}' is referenced before assignment.`);
  }
  return v;
}

function evalExpr(thread: Thread, fr: Frame, e: Expr): Value {
  thread.step();
  switch (e.kind) {
    case 'Ident': {
      const b = e.binding!;
      if (b.scope === 'local') {
        const v = fr.locals[b.index] as Value | undefined;
        if (v !== undefined) return v;
      }
      return readIdent(fr, e, false)!;
    }
    case 'Literal':
      return e.token === 'FLOAT' ? new Float(e.value as number) : (e.value as Value);
    case 'BinaryExpr':
      return evalBinary(thread, fr, e);
    case 'UnaryExpr': {
      const x = evalExpr(thread, fr, e.x);
      if (e.op === 'not') return !truth(x);
      try {
        return unary(e.op, x);
      } catch (err) {
        locate(fr, e.start);
        throw err;
      }
    }
    case 'CondExpr':
      return evalExpr(thread, fr, truth(evalExpr(thread, fr, e.cond)) ? e.then : e.else);
    case 'CallExpr':
      return evalCall(thread, fr, e);
    case 'DotExpr': {
      const x = evalExpr(thread, fr, e.x);
      try {
        return getAttr(x, e.name.name, thread);
      } catch (err) {
        locate(fr, e.dot);
        throw err;
      }
    }
    case 'IndexExpr': {
      const x = evalExpr(thread, fr, e.x);
      const i = evalExpr(thread, fr, e.index);
      try {
        return getIndex(x, i);
      } catch (err) {
        locate(fr, e.lbrack);
        throw err;
      }
    }
    case 'SliceExpr': {
      const x = evalExpr(thread, fr, e.x);
      const lo = e.lo ? evalExpr(thread, fr, e.lo) : None;
      const hi = e.hi ? evalExpr(thread, fr, e.hi) : None;
      const step = e.step ? evalExpr(thread, fr, e.step) : None;
      try {
        return slice(x, lo, hi, step);
      } catch (err) {
        locate(fr, e.lbrack);
        throw err;
      }
    }
    case 'ListExpr': {
      const elems = e.elems;
      const out: Value[] = new Array(elems.length);
      for (let i = 0; i < elems.length; i++) out[i] = evalExpr(thread, fr, elems[i]!);
      return new List(out);
    }
    case 'TupleExpr': {
      const elems = e.elems;
      const out: Value[] = new Array(elems.length);
      for (let i = 0; i < elems.length; i++) out[i] = evalExpr(thread, fr, elems[i]!);
      return tuple(out);
    }
    case 'DictExpr':
      return evalDict(thread, fr, e);
    case 'Comprehension':
      return evalComprehension(thread, fr, e);
    case 'LambdaExpr':
      return newFunction(thread, fr, e.fn!);
    case 'BadExpr':
      throw new Error('evaluating a syntax error');
  }
}

function evalBinary(thread: Thread, fr: Frame, e: BinaryExpr): Value {
  const x = evalExpr(thread, fr, e.x);
  switch (e.op) {
    case 'and':
      return truth(x) ? evalExpr(thread, fr, e.y) : x;
    case 'or':
      return truth(x) ? x : evalExpr(thread, fr, e.y);
    default: {
      const y = evalExpr(thread, fr, e.y);
      try {
        switch (e.op) {
          case '==':
            return equals(x, y);
          case '!=':
            return !equals(x, y);
          case '<':
          case '<=':
          case '>':
          case '>=':
            return compare(e.op, x, y);
          case 'in':
            return contains(y, x);
          case 'not in':
            return !contains(y, x);
          default:
            checkDictUnion(thread, e.op, x, y);
            return binary(e.op, x, y);
        }
      } catch (err) {
        locate(fr, e.opPos);
        throw err;
      }
    }
  }
}

function evalDict(thread: Thread, fr: Frame, e: DictExpr): Value {
  const d = new Dict();
  for (const entry of e.entries) {
    const k = evalExpr(thread, fr, entry.key);
    const v = evalExpr(thread, fr, entry.value);
    const before = d.size;
    try {
      d.put(k, v);
    } catch (err) {
      locate(fr, entry.colon);
      throw err;
    }
    if (d.size === before) {
      locate(fr, entry.colon);
      throw new EvalError(`dictionary expression has duplicate key: ${repr(k)}`);
    }
  }
  return d;
}

function evalComprehension(thread: Thread, fr: Frame, c: Comprehension): Value {
  if (c.curly) {
    const dict = new Dict();
    comprehensionClause(thread, fr, c, 0, dict, undefined);
    return dict;
  }
  const list = new List([]);
  comprehensionClause(thread, fr, c, 0, undefined, list);
  return list;
}

/** Runs clause `index` of a comprehension (past the last one: adds the body's value to `dict` or `list`). */
function comprehensionClause(
  thread: Thread,
  fr: Frame,
  c: Comprehension,
  index: number,
  dict: Dict | undefined,
  list: List | undefined,
): void {
  const clauses = c.clauses;
  if (index < clauses.length) {
    const clause = clauses[index]!;
    if (clause.kind === 'ForClause') {
      const seq = evalExpr(thread, fr, clause.iterable);
      if (seq instanceof RangeValue) {
        // No iterator object and no iteration guard (a range is immutable).
        const start = seq.start;
        const step = seq.step;
        const n = seq.len;
        try {
          for (let i = 0; i < n; i++) {
            assign(thread, fr, clause.vars, start + i * step);
            comprehensionClause(thread, fr, c, index + 1, dict, list);
          }
        } catch (err) {
          locate(fr, clause.start);
          throw err;
        }
        return;
      }
      let items: Iterable<Value>;
      try {
        items = iterate(seq);
      } catch (err) {
        locate(fr, clause.iterable.start);
        throw err;
      }
      beginIteration(seq);
      try {
        if (Array.isArray(items)) {
          const xs = items as readonly Value[];
          for (let i = 0; i < xs.length; i++) {
            assign(thread, fr, clause.vars, xs[i]!);
            comprehensionClause(thread, fr, c, index + 1, dict, list);
          }
        } else {
          for (const x of items) {
            assign(thread, fr, clause.vars, x);
            comprehensionClause(thread, fr, c, index + 1, dict, list);
          }
        }
      } catch (err) {
        locate(fr, clause.start);
        throw err;
      } finally {
        endIteration(seq);
      }
    } else if (truth(evalExpr(thread, fr, clause.cond))) {
      comprehensionClause(thread, fr, c, index + 1, dict, list);
    }
    return;
  }
  const body = c.body;
  if (body.kind === 'DictEntry') {
    const k = evalExpr(thread, fr, body.key);
    try {
      checkHashable(k);
      dict!.put(k, evalExpr(thread, fr, body.value));
    } catch (err) {
      locate(fr, body.colon);
      throw err;
    }
  } else {
    list!.elems.push(evalExpr(thread, fr, body));
  }
}

function evalCall(thread: Thread, fr: Frame, call: CallExpr): Value {
  thread.checkCancelled();
  const f = call.fn;
  // x.m(...) where m is a method of a built-in type: call the method without making a bound method value.
  if (f.kind === 'DotExpr') {
    const x = evalExpr(thread, fr, f.x);
    const name = f.name.name;
    const m = typeof x === 'object' && x.getAttr !== undefined ? undefined : lookupMethod(typeName(x), name, thread.semantics);
    if (m !== undefined) {
      const kwargs: [string, Value][] = [];
      const args = evalArguments(thread, fr, call.args, kwargs);
      fr.pos = call.lparen;
      thread.push(new Frame(name, undefined, undefined, undefined, -1));
      try {
        return m.impl(thread, args, kwargs, x);
      } catch (err) {
        const captured = thread.captureError(err);
        locate(fr, call.lparen);
        throw captured;
      } finally {
        thread.pop();
      }
    }
    let fn: Value;
    try {
      fn = getAttr(x, name, thread);
    } catch (err) {
      locate(fr, f.dot);
      throw err;
    }
    return finishCall(thread, fr, call, fn);
  }
  return finishCall(thread, fr, call, evalExpr(thread, fr, f));
}

function finishCall(thread: Thread, fr: Frame, call: CallExpr, fn: Value): Value {
  const kwargs: [string, Value][] = [];
  const args = evalArguments(thread, fr, call.args, kwargs);
  fr.pos = call.lparen;
  try {
    return callValue(thread, fn, args, kwargs);
  } catch (err) {
    locate(fr, call.lparen);
    throw err;
  }
}

/** Evaluates a call's arguments: returns the positional ones and appends the keyword ones to `kwargs`. */
function evalArguments(thread: Thread, fr: Frame, argNodes: readonly Argument[], kwargs: [string, Value][]): Value[] {
  const args: Value[] = [];
  for (let i = 0; i < argNodes.length; i++) {
    const a = argNodes[i]!;
    switch (a.form) {
      case 'positional':
        args.push(evalExpr(thread, fr, a.value));
        break;
      case 'keyword':
        kwargs.push([a.name!.name, evalExpr(thread, fr, a.value)]);
        break;
      case 'star': {
        const v = evalExpr(thread, fr, a.value);
        if (typeof v !== 'object' || v.iterate === undefined) {
          locate(fr, a.start);
          throw new EvalError(`argument after * must be an iterable, not ${typeName(v)}`);
        }
        for (const x of v.iterate()) args.push(x);
        break;
      }
      case 'starstar': {
        const v = evalExpr(thread, fr, a.value);
        if (!(v instanceof Dict)) {
          locate(fr, a.start);
          throw new EvalError(`argument after ** must be a dict, not ${typeName(v)}`);
        }
        for (const [k, x] of v.entries()) {
          if (typeof k !== 'string') {
            locate(fr, a.start);
            throw new EvalError(`keywords must be strings, not ${typeName(k)}`);
          }
          kwargs.push([k, x]);
        }
        break;
      }
    }
  }
  return args;
}

/** Makes the function value of a def or lambda: evaluates its defaults and captures its free variables. */
function newFunction(thread: Thread, fr: Frame, rfn: ResolvedFunction): StarlarkFunction {
  const nparams = rfn.params.length - (rfn.hasKwargs ? 1 : 0) - (rfn.hasVarargs ? 1 : 0);
  let defaults: DefaultValue[] | undefined;
  for (let i = 0; i < nparams; i++) {
    const d = rfn.params[i]!.default;
    if (!d && !defaults) continue; // the leading required parameters
    defaults ??= [];
    defaults.push(d ? evalExpr(thread, fr, d) : MANDATORY);
  }
  const freevars = rfn.freevars.map((b) =>
    b.scope === 'free' ? fr.fn!.freevars[b.index]! as Cell : (fr.locals[b.index] as Cell),
  );
  return new StarlarkFunction(rfn, fr.module!, defaults ?? [], freevars);
}
