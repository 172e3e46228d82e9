// The resolver: binds every identifier of a parsed file to a variable, and makes the static checks.
//
// Starlark's scoping is lexical and static, so the evaluator never looks a name up in a dictionary: the
// resolver decides, once, where each variable lives, and the evaluator indexes arrays.
//
// Blocks. The file, each function (def or lambda) and each comprehension is a block. A name bound anywhere
// in a block — by assignment, for loop, def, load, parameter or comprehension clause — is bound throughout
// it, even before the binding statement (so `print(x); x = 1` in a function reads an unassigned local, a
// run-time error, and never a global x). Hence two passes per block: first collect the block's bindings,
// then visit its uses. A comprehension is a block without a frame of its own: its variables take slots in
// the enclosing function's frame but are visible only inside it. Following Python 3, the iterable of a
// comprehension's first `for` is resolved outside the comprehension.
//
// Scopes. A name bound at the file's top level is global (a module slot). Load bindings are file-local
// (slots of the top-level frame) in .bzl files, but global in BUILD files, where Bazel also allows a name to
// be bound twice. Anything else is predeclared by the application or universal (a builtin), or undefined.
//
// Closures (the algorithm of starlark-go's resolve.go). When a use inside function F finds its binding in an
// enclosing function G, the variable must outlive G's call: G's binding is turned from 'local' into 'cell'
// (its slot will hold a shared box), and F — and every function between F and G — gets a 'free' binding, a
// hidden parameter filled from the closure when the function value is created. The lookup memoizes the free
// binding in each function block so a variable is captured once.
//
// The checks made here are Bazel's Resolver's, with its messages: undefined names (with a spelling hint),
// re-binding at top level, load placement and duplicates, private load symbols, parameter order, argument
// order in calls, break/continue outside a loop, return outside a function, and — in every dialect — no
// top-level if or for statements. Like the parser, the resolver never throws on user input.

import type {
  Binding,
  CallExpr,
  Comprehension,
  DefStmt,
  Expr,
  FileNode,
  Ident,
  LambdaExpr,
  Param,
  ResolvedFunction,
  Stmt,
} from '../syntax/ast.ts';
import { boundIdents, docString } from '../syntax/ast.ts';
import type { ScanError } from '../syntax/scanner.ts';
import { keywordKind } from '../syntax/tokens.ts';
import { didYouMean } from './spell.ts';

export interface ResolveOptions {
  /** 'build': load binds globals and top-level names may be re-bound; 'bzl': neither, and loads come first. */
  readonly dialect: 'bzl' | 'build';
  /** Names the application predeclares (native rules, glob, …). */
  readonly isPredeclared: (name: string) => boolean;
  /** Names of the core builtins (len, None, …). */
  readonly isUniversal: (name: string) => boolean;
  /** Every predeclared and universal name, for spelling hints. */
  readonly candidates?: () => Iterable<string>;
  /** The file's text, to quote expressions in messages ("cannot assign to 'f()'"). */
  readonly text?: string;
  /** The wording of a re-bound .bzl global (StarlarkSemantics.reassignGlobalMessage); 'redeclared' by default. */
  readonly reassignGlobalMessage?: 'cannot-reassign' | 'redeclared';
}

interface Block {
  readonly parent: Block | undefined;
  readonly syntax: 'file' | 'function' | 'comprehension';
  /** The locals of the enclosing function (shared by a comprehension with its function). */
  readonly frame: Binding[];
  /** Free variables of the enclosing function; undefined at file level. */
  readonly freevars: Binding[] | undefined;
  readonly bindings: Map<string, Binding>;
}

const VALID_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Resolves `file` in place and returns the errors found. */
export function resolveFile(file: FileNode, options: ResolveOptions): ScanError[] {
  return new Resolver(file, options).run();
}

class Resolver {
  private readonly errors: ScanError[] = [];
  private readonly globals: string[] = [];
  /** Global, predeclared and universal bindings by name. */
  private readonly toplevel = new Map<string, Binding>();
  private block!: Block;
  private loopDepth = 0;
  private readonly loadBindsGlobally: boolean;
  private readonly allowToplevelRebinding: boolean;
  private readonly functions: { fn: ResolvedFunction }[] = [];

  constructor(
    private readonly file: FileNode,
    private readonly options: ResolveOptions,
  ) {
    this.loadBindsGlobally = options.dialect === 'build';
    this.allowToplevelRebinding = options.dialect === 'build';
  }

  run(): ScanError[] {
    const stmts = this.file.stmts;
    if (this.options.dialect === 'bzl') this.checkLoadsFirst(stmts);
    const frame: Binding[] = [];
    this.block = { parent: undefined, syntax: 'file', frame, freevars: undefined, bindings: new Map() };
    this.createBindingsForBlock(stmts);
    this.visitStmts(stmts);
    const toplevel: ResolvedFunction = {
      name: '<toplevel>',
      pos: 0,
      params: [],
      paramNames: [],
      body: stmts,
      hasVarargs: false,
      hasKwargs: false,
      numKeywordOnly: 0,
      locals: frame,
      cellIndices: [],
      freevars: [],
      globals: this.globals,
      doc: docString(stmts),
    };
    this.file.toplevel = toplevel;
    // A local becomes a cell when a later function captures it, so cell indices are computed at the end.
    for (const f of [toplevel, ...this.functions.map((x) => x.fn)]) {
      f.cellIndices = [];
      f.locals.forEach((b, i) => {
        if (b.scope === 'cell') f.cellIndices.push(i);
      });
    }
    return this.errors; // in Bazel's order: load placement, then bindings, then uses
  }

  private error(node: { start: number; end?: number }, message: string): void {
    const end = node.end ?? node.start + 1;
    this.errors.push({ start: node.start, end: Math.max(end, node.start), message });
  }

  private checkLoadsFirst(stmts: readonly Stmt[]): void {
    let first: Stmt | undefined;
    for (const s of stmts) {
      if (s.kind === 'ExprStmt' && s.x.kind === 'Literal' && s.x.token === 'STRING') continue; // docstrings
      if (s.kind === 'LoadStmt') {
        if (first) {
          this.error(s, 'load statements must appear before any other statement');
          this.error(first, '\tfirst non-load statement appears here');
        }
        continue;
      }
      first ??= s;
    }
  }

  // ---- first pass: bindings ----

  private createBindingsForBlock(stmts: readonly Stmt[]): void {
    for (const s of stmts) this.createBindings(s);
  }

  private createBindings(s: Stmt): void {
    switch (s.kind) {
      case 'AssignStmt':
        for (const id of boundIdents(s.lhs)) this.bind(id, false);
        break;
      case 'IfStmt':
        this.createBindingsForBlock(s.then);
        this.createBindingsForBlock(s.else);
        break;
      case 'ForStmt':
        for (const id of boundIdents(s.vars)) this.bind(id, false);
        this.createBindingsForBlock(s.body);
        break;
      case 'DefStmt':
        this.bind(s.name, false);
        break;
      case 'LoadStmt': {
        const names = new Set<string>();
        for (const b of s.bindings) {
          if (b.orig.name.startsWith('_')) {
            this.error(b.orig, `symbol '${b.orig.name}' is private and cannot be imported`);
          }
          if (names.has(b.local.name)) {
            this.error(b.local, `load statement defines '${b.local.name}' more than once`);
          } else {
            names.add(b.local.name);
            this.bind(b.local, true);
          }
        }
        break;
      }
      case 'ExprStmt':
      case 'BranchStmt':
      case 'ReturnStmt':
        break;
    }
  }

  /** Binds `id` in the current block; returns whether the name was new to it. */
  private bind(id: Ident, isLoad: boolean): boolean {
    const name = id.name;
    let isNew = false;
    let binding: Binding | undefined;
    const block = this.block;
    if (block.syntax === 'file' && !(isLoad && !this.loadBindsGlobally)) {
      binding = this.toplevel.get(name);
      if (!binding) {
        isNew = true;
        binding = { scope: 'global', index: this.globals.length, name, first: id };
        this.globals.push(name);
        this.toplevel.set(name, binding);
        const prevLocal = block.bindings.get(name);
        if (prevLocal) this.conflict(id, 'global', prevLocal);
      } else {
        this.rebinding(id, binding);
      }
    } else {
      binding = block.bindings.get(name);
      if (!binding) {
        isNew = true;
        binding = { scope: 'local', index: block.frame.length, name, first: id };
        block.bindings.set(name, binding);
        block.frame.push(binding);
      }
      if (isLoad) {
        if (!isNew) this.rebinding(id, binding);
        const prev = this.toplevel.get(name);
        if (prev && prev.scope === 'global') this.conflict(id, 'file-local', prev);
      }
    }
    id.binding = binding;
    return isNew;
  }

  private rebinding(id: Ident, prev: Binding): void {
    if (this.allowToplevelRebinding) return;
    this.error(
      id,
      this.options.reassignGlobalMessage === 'cannot-reassign'
        ? `cannot reassign global '${id.name}' (read more at https://bazel.build/versions/master/docs/skylark/errors/read-only-variable.html)`
        : `'${id.name}' redeclared at top level`,
    );
    if (prev.first !== id) this.error(prev.first, `'${id.name}' previously declared here`);
  }

  private conflict(id: Ident, qual: 'global' | 'file-local', prev: Binding): void {
    this.error(id, `conflicting ${qual} declaration of '${id.name}'`);
    const prevQual = prev.scope === 'global' ? 'global' : 'file-local';
    this.error(prev.first, `'${id.name}' previously declared as ${prevQual} here`);
  }

  // ---- second pass: uses ----

  private visitStmts(stmts: readonly Stmt[]): void {
    for (const s of stmts) this.visitStmt(s);
  }

  private visitStmt(s: Stmt): void {
    const atTop = this.block.syntax === 'file';
    switch (s.kind) {
      case 'AssignStmt':
        this.visitExpr(s.rhs);
        if (s.op !== '=' && (s.lhs.kind === 'ListExpr' || s.lhs.kind === 'TupleExpr')) {
          this.error({ start: s.opPos, end: s.opPos + s.op.length }, 'cannot perform augmented assignment on a list or tuple expression');
        }
        this.assign(s.lhs);
        break;
      case 'ExprStmt':
        this.visitExpr(s.x);
        break;
      case 'IfStmt':
        if (atTop && s.token === 'if') {
          this.error(
            { start: s.start, end: s.start + 2 },
            'if statements are not allowed at the top level. You may move it inside a function or use an if expression (x if condition else y).',
          );
        }
        this.visitExpr(s.cond);
        this.visitStmts(s.then);
        this.visitStmts(s.else);
        break;
      case 'ForStmt':
        if (atTop) {
          this.error(
            { start: s.start, end: s.start + 3 },
            'for loops are not allowed at the top level. You may move it inside a function or use a comprehension, [f(x) for x in sequence]',
          );
        }
        this.loopDepth++;
        this.visitExpr(s.iterable);
        this.assign(s.vars);
        this.visitStmts(s.body);
        this.loopDepth--;
        break;
      case 'DefStmt':
        s.fn = this.resolveFunction(s, s.name.name, s.name.start, s.params, s.body);
        break;
      case 'ReturnStmt':
        if (atTop) this.error({ start: s.start, end: s.start + 6 }, 'return statements must be inside a function');
        if (s.result) this.visitExpr(s.result);
        break;
      case 'BranchStmt':
        if (s.token !== 'pass' && this.loopDepth === 0) {
          this.error(s, `${s.token} statement must be inside a for loop`);
        }
        break;
      case 'LoadStmt':
        if (!atTop) this.error({ start: s.start, end: s.start + 4 }, 'load statement not at top level');
        break;
    }
  }

  /** Visits an assignment target: identifiers are already bound; anything else but x[i] and x.f is an error. */
  private assign(lhs: Expr): void {
    switch (lhs.kind) {
      case 'Ident':
        if (!lhs.binding) this.bind(lhs, false); // a target the first pass could not see (defensive)
        break;
      case 'IndexExpr':
        this.visitExpr(lhs);
        break;
      case 'ListExpr':
      case 'TupleExpr':
        for (const e of lhs.elems) this.assign(e);
        break;
      case 'DotExpr':
        this.visitExpr(lhs.x);
        break;
      case 'BadExpr':
        break;
      default:
        this.error(lhs, `cannot assign to '${this.sourceText(lhs)}'`);
    }
  }

  private sourceText(n: { start: number; end: number }): string {
    return (this.options.text ?? '').slice(n.start, n.end);
  }

  private visitExpr(e: Expr): void {
    switch (e.kind) {
      case 'Ident':
        this.use(e);
        break;
      case 'Literal':
        break;
      case 'BadExpr': {
        // Bazel's parser leaves an identifier named by the misparsed text, which resolves to nothing: a word
        // ('while', 'lambda') is an undefined name, anything else "contains syntax errors" (checked with 4.2.3).
        const text = this.sourceText(e);
        if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(text)) this.error(e, `name '${text}' is not defined${didYouMean(text, this.allSymbols())}`);
        else this.error(e, 'contains syntax errors');
        break;
      }
      case 'BinaryExpr':
        this.visitExpr(e.x);
        this.visitExpr(e.y);
        break;
      case 'UnaryExpr':
        this.visitExpr(e.x);
        break;
      case 'CondExpr':
        this.visitExpr(e.cond);
        this.visitExpr(e.then);
        this.visitExpr(e.else);
        break;
      case 'CallExpr':
        this.checkArguments(e);
        this.visitExpr(e.fn);
        for (const a of e.args) this.visitExpr(a.value);
        break;
      case 'DotExpr':
        this.visitExpr(e.x);
        break;
      case 'IndexExpr':
        this.visitExpr(e.x);
        this.visitExpr(e.index);
        break;
      case 'SliceExpr':
        this.visitExpr(e.x);
        if (e.lo) this.visitExpr(e.lo);
        if (e.hi) this.visitExpr(e.hi);
        if (e.step) this.visitExpr(e.step);
        break;
      case 'ListExpr':
      case 'TupleExpr':
        for (const x of e.elems) this.visitExpr(x);
        break;
      case 'DictExpr':
        for (const entry of e.entries) {
          this.visitExpr(entry.key);
          this.visitExpr(entry.value);
        }
        break;
      case 'Comprehension':
        this.visitComprehension(e);
        break;
      case 'LambdaExpr': {
        const body: Stmt[] = [{ kind: 'ReturnStmt', result: e.body, start: e.body.start, end: e.body.end }];
        e.fn = this.resolveFunction(e, 'lambda', e.start, e.params, body);
        break;
      }
    }
  }

  private checkArguments(call: CallExpr): void {
    let seenStar = false;
    let seenStarStar = false;
    let keywords: Set<string> | undefined;
    for (const arg of call.args) {
      switch (arg.form) {
        case 'positional':
          if (seenStar) this.error(arg, 'positional argument may not follow *args');
          else if (seenStarStar) this.error(arg, 'positional argument may not follow **kwargs');
          else if (keywords) this.error(arg, 'positional argument may not follow keyword argument');
          break;
        case 'keyword': {
          const k = arg.name!.name;
          if (seenStar) this.error(arg, `keyword argument ${k} may not follow *args`);
          else if (seenStarStar) this.error(arg, `keyword argument ${k} may not follow **kwargs`);
          keywords ??= new Set();
          if (keywords.has(k)) this.error(arg, `duplicate keyword argument: ${k}`);
          keywords.add(k);
          break;
        }
        case 'star':
          if (seenStarStar) this.error(arg, '*args may not follow **kwargs');
          else if (seenStar) this.error(arg, 'multiple *args not allowed');
          seenStar = true;
          break;
        case 'starstar':
          if (seenStarStar) this.error(arg, 'multiple **kwargs not allowed');
          seenStarStar = true;
          break;
      }
    }
  }

  private visitComprehension(c: Comprehension): void {
    const first = c.clauses[0];
    if (first?.kind === 'ForClause') this.visitExpr(first.iterable);
    const outer = this.block;
    this.block = { parent: outer, syntax: 'comprehension', frame: outer.frame, freevars: outer.freevars, bindings: new Map() };
    for (const clause of c.clauses) {
      if (clause.kind === 'ForClause') for (const id of boundIdents(clause.vars)) this.bind(id, false);
    }
    c.clauses.forEach((clause, i) => {
      if (clause.kind === 'ForClause') {
        if (i > 0) this.visitExpr(clause.iterable);
        this.assign(clause.vars);
      } else {
        this.visitExpr(clause.cond);
      }
    });
    if (c.body.kind === 'DictEntry') {
      this.visitExpr(c.body.key);
      this.visitExpr(c.body.value);
    } else {
      this.visitExpr(c.body);
    }
    this.block = outer;
  }

  /** Resolves a use of a name; reports it when it is bound nowhere. */
  private use(id: Ident): void {
    const name = id.name;
    if (!VALID_NAME.test(name) || keywordKind(name)) return; // the parser's placeholder for a missing name
    const lexical = this.lookupLexical(name, this.block);
    if (lexical) {
      id.binding = lexical;
      return;
    }
    let b = this.toplevel.get(name);
    if (!b) {
      if (this.options.isPredeclared(name)) {
        b = { scope: 'predeclared', index: 0, name, first: id };
      } else if (this.options.isUniversal(name)) {
        b = { scope: 'universal', index: 0, name, first: id };
      } else {
        this.error(id, `name '${name}' is not defined${didYouMean(name, this.allSymbols())}`);
        return;
      }
      this.toplevel.set(name, b);
    }
    id.binding = b;
  }

  private allSymbols(): string[] {
    const all: string[] = [];
    for (let b: Block | undefined = this.block; b; b = b.parent) all.push(...b.bindings.keys());
    all.push(...this.toplevel.keys());
    if (this.options.candidates) all.push(...this.options.candidates());
    return all;
  }

  /** Finds a lexically enclosing local binding, turning it into a cell and threading it through functions. */
  private lookupLexical(name: string, b: Block): Binding | undefined {
    let binding = b.bindings.get(name);
    if (binding) return binding;
    if (!b.parent) return undefined;
    binding = this.lookupLexical(name, b.parent);
    if (!binding) return undefined;
    if (b.syntax === 'function') {
      const scope = binding.scope;
      if (scope === 'local' || scope === 'free' || scope === 'cell') {
        if (scope === 'local') binding.scope = 'cell';
        const index = b.freevars!.length;
        b.freevars!.push(binding);
        binding = { scope: 'free', index, name, first: binding.first };
      }
    }
    b.bindings.set(name, binding); // memoize
    return binding;
  }

  private resolveFunction(
    node: DefStmt | LambdaExpr,
    name: string,
    pos: number,
    params: readonly Param[],
    body: Stmt[],
  ): ResolvedFunction {
    // Defaults are evaluated in the enclosing environment.
    for (const p of params) if (p.default) this.visitExpr(p.default);

    const frame: Binding[] = [];
    const freevars: Binding[] = [];
    const outer = this.block;
    const outerLoops = this.loopDepth;
    this.block = { parent: outer, syntax: 'function', frame, freevars, bindings: new Map() };
    this.loopDepth = 0;

    let star: Param | undefined;
    let starStar: Param | undefined;
    let seenOptional = false;
    let numKeywordOnly = 0;
    const ordered: Param[] = [];
    const bindParam = (p: Param) => {
      if (!p.name) return;
      if (!this.bind(p.name, false)) this.error(p, `duplicate parameter: ${p.name.name}`);
      ordered.push(p);
    };
    for (const p of params) {
      const pname = p.name?.name ?? '';
      switch (p.form) {
        case 'mandatory':
          if (starStar) this.error(p, `required parameter ${pname} may not follow **${starStar.name?.name}`);
          else if (star) numKeywordOnly++;
          else if (seenOptional) this.error(p, `required positional parameter ${pname} may not follow an optional parameter`);
          bindParam(p);
          break;
        case 'optional':
          seenOptional = true;
          if (starStar) this.error(p, `optional parameter may not follow **${starStar.name?.name}`);
          else if (star) numKeywordOnly++;
          bindParam(p);
          break;
        case 'star':
          if (starStar) this.error(p, `* parameter may not follow **${starStar.name?.name}`);
          else if (star) this.error(p, 'multiple * parameters not allowed');
          else star = p;
          break;
        case 'starstar':
          if (starStar) this.error(p, 'multiple ** parameters not allowed');
          starStar = p;
          break;
      }
    }
    if (star) {
      if (star.name) bindParam(star);
      else if (numKeywordOnly === 0) this.error(star, 'bare * must be followed by keyword-only parameters');
    }
    if (starStar) bindParam(starStar);

    this.createBindingsForBlock(body);
    this.visitStmts(body);
    this.block = outer;
    this.loopDepth = outerLoops;

    const fn: ResolvedFunction = {
      name,
      pos,
      params: ordered,
      paramNames: ordered.map((p) => p.name!.name),
      body,
      hasVarargs: !!star?.name,
      hasKwargs: !!starStar,
      numKeywordOnly,
      locals: frame,
      cellIndices: [],
      freevars,
      globals: this.globals,
      doc: node.kind === 'DefStmt' ? docString(body) : undefined,
    };
    this.functions.push({ fn });
    return fn;
  }
}
