// A pre-order traversal of the syntax tree, for checks and tools that need every node.

import type { Node, Stmt } from './ast.ts';

/**
 * Calls `visit` on `node` and then on its children, in source order. When `visit` returns false the node's
 * children are skipped.
 */
export function walk(node: Node, visit: (n: Node) => boolean | void): void {
  if (visit(node) === false) return;
  const w = (n: Node | undefined) => {
    if (n) walk(n, visit);
  };
  const all = (ns: readonly Node[]) => {
    for (const n of ns) walk(n, visit);
  };
  switch (node.kind) {
    case 'File':
      all(node.stmts);
      break;
    case 'AssignStmt':
      w(node.lhs);
      w(node.rhs);
      break;
    case 'ExprStmt':
      w(node.x);
      break;
    case 'IfStmt':
      w(node.cond);
      all(node.then);
      all(node.else);
      break;
    case 'ForStmt':
      w(node.vars);
      w(node.iterable);
      all(node.body);
      break;
    case 'DefStmt':
      w(node.name);
      all(node.params);
      all(node.body);
      break;
    case 'ReturnStmt':
      w(node.result);
      break;
    case 'BranchStmt':
      break;
    case 'LoadStmt':
      w(node.module);
      for (const b of node.bindings) w(b.local);
      break;
    case 'Ident':
    case 'Literal':
    case 'BadExpr':
      break;
    case 'BinaryExpr':
      w(node.x);
      w(node.y);
      break;
    case 'UnaryExpr':
      w(node.x);
      break;
    case 'CondExpr':
      w(node.then);
      w(node.cond);
      w(node.else);
      break;
    case 'CallExpr':
      w(node.fn);
      all(node.args);
      break;
    case 'Argument':
      w(node.name);
      w(node.value);
      break;
    case 'DotExpr':
      w(node.x);
      w(node.name);
      break;
    case 'IndexExpr':
      w(node.x);
      w(node.index);
      break;
    case 'SliceExpr':
      w(node.x);
      w(node.lo);
      w(node.hi);
      w(node.step);
      break;
    case 'ListExpr':
    case 'TupleExpr':
      all(node.elems);
      break;
    case 'DictExpr':
      all(node.entries);
      break;
    case 'DictEntry':
      w(node.key);
      w(node.value);
      break;
    case 'Comprehension':
      // Source order: the body comes first in the text.
      w(node.body);
      all(node.clauses);
      break;
    case 'ForClause':
      w(node.vars);
      w(node.iterable);
      break;
    case 'IfClause':
      w(node.cond);
      break;
    case 'LambdaExpr':
      all(node.params);
      w(node.body);
      break;
    case 'Param':
      w(node.name);
      w(node.default);
      break;
    default: {
      const never: never = node;
      throw new Error(`walk: unknown node ${(never as Stmt).kind}`);
    }
  }
}
