// The Starlark layer's public API: parse, resolve and execute files; values, builtins and tracebacks.
//
// Other layers import the interpreter only through this file (see CONTRACT.md). The layer knows nothing of
// Bazel: labels, packages and rules come in as predeclared values and leave as the module's globals.

// ---- syntax ----
export { parse, parseExpression, type Dialect, type ParseFileOptions } from './syntax/parse.ts';
export { walk } from './syntax/walk.ts';
export { boundIdents, docString } from './syntax/ast.ts';
export type {
  Argument,
  AssignStmt,
  BinaryExpr,
  BranchStmt,
  CallExpr,
  Comprehension,
  CondExpr,
  DefStmt,
  DictEntry,
  DictExpr,
  DotExpr,
  Expr,
  ExprStmt,
  FileNode,
  ForClause,
  ForStmt,
  Ident,
  IfClause,
  IfStmt,
  IndexExpr,
  LambdaExpr,
  ListExpr,
  Literal,
  LoadStmt,
  Node,
  Param as ParamNode,
  ReturnStmt,
  SliceExpr,
  Stmt,
  TupleExpr,
  UnaryExpr,
} from './syntax/ast.ts';
export type { Comment } from './syntax/scanner.ts';

// ---- resolution ----
export type { Binding, ResolvedFunction, Scope } from './syntax/ast.ts';

// ---- evaluation ----
export { execFile, compileFile, universeFor, type ExecOptions, type ExecResult } from './eval/exec.ts';
export { Module } from './eval/module.ts';
export { Thread, DEFAULT_MAX_STEPS, type CallLocation, type ThreadOptions } from './eval/thread.ts';
export { StarlarkFunction } from './eval/function.ts';
export type { PostAssignHook } from './eval/interpreter.ts';
export { errorToDiagnostic, formatTraceback, lineReader } from './eval/traceback.ts';

// ---- values and the library ----
export * from './values/index.ts';
export {
  universe,
  unpackArgs,
  checkType,
  noArgs,
  UNBOUND,
  type Param as UnpackParam,
  type Signature,
  jsonEncode,
  jsonDecode,
  jsonIndent,
  BuiltinModule,
  makeProtoModule,
  protoEncodeText,
  formatString,
  updateDict,
} from './lib/index.ts';
