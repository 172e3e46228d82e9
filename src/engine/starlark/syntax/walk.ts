// A pre-order traversal of the syntax tree, for checks and tools that need every node.

import type { Node, Stmt } from './ast.ts';

/**
 * Calls `visit` on `node` and then on its children, in source order. When `visit` returns false the node's
 * children are skipped.
 */
// Module-level helpers, not closures: walk runs over every node of every BUILD file loaded (the dialect check).
function w(n: Node | undefined, visit: (n: Node) => boolean | void): void {
  if (n) walk(n, visit);
}

function all(ns: readonly Node[], visit: (n: Node) => boolean | void): void {
  for (let i = 0; i < ns.length; i++) walk(ns[i]!, visit);
}

export function walk(node: Node, visit: (n: Node) => boolean | void): void {
  if (visit(node) === false) return;
  switch (node.kind) {
    case 'File':
      all(node.stmts, visit);
      break;
    case 'AssignStmt':
      w(node.lhs, visit);
      w(node.rhs, visit);
      break;
    case 'ExprStmt':
      w(node.x, visit);
      break;
    case 'IfStmt':
      w(node.cond, visit);
      all(node.then, visit);
      all(node.else, visit);
      break;
    case 'ForStmt':
      w(node.vars, visit);
      w(node.iterable, visit);
      all(node.body, visit);
      break;
    case 'DefStmt':
      w(node.name, visit);
      all(node.params, visit);
      all(node.body, visit);
      break;
    case 'ReturnStmt':
      w(node.result, visit);
      break;
    case 'BranchStmt':
      break;
    case 'LoadStmt':
      w(node.module, visit);
      for (const b of node.bindings) w(b.local, visit);
      break;
    case 'Ident':
    case 'Literal':
    case 'BadExpr':
      break;
    case 'BinaryExpr':
      w(node.x, visit);
      w(node.y, visit);
      break;
    case 'UnaryExpr':
      w(node.x, visit);
      break;
    case 'CondExpr':
      w(node.then, visit);
      w(node.cond, visit);
      w(node.else, visit);
      break;
    case 'CallExpr':
      w(node.fn, visit);
      all(node.args, visit);
      break;
    case 'Argument':
      w(node.name, visit);
      w(node.value, visit);
      break;
    case 'DotExpr':
      w(node.x, visit);
      w(node.name, visit);
      break;
    case 'IndexExpr':
      w(node.x, visit);
      w(node.index, visit);
      break;
    case 'SliceExpr':
      w(node.x, visit);
      w(node.lo, visit);
      w(node.hi, visit);
      w(node.step, visit);
      break;
    case 'ListExpr':
    case 'TupleExpr':
      all(node.elems, visit);
      break;
    case 'DictExpr':
      all(node.entries, visit);
      break;
    case 'DictEntry':
      w(node.key, visit);
      w(node.value, visit);
      break;
    case 'Comprehension':
      // Source order: the body comes first in the text.
      w(node.body, visit);
      all(node.clauses, visit);
      break;
    case 'ForClause':
      w(node.vars, visit);
      w(node.iterable, visit);
      break;
    case 'IfClause':
      w(node.cond, visit);
      break;
    case 'LambdaExpr':
      all(node.params, visit);
      w(node.body, visit);
      break;
    case 'Param':
      w(node.name, visit);
      w(node.default, visit);
      break;
    default: {
      const never: never = node;
      throw new Error(`walk: unknown node ${(never as Stmt).kind}`);
    }
  }
}
