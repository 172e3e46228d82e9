// The restrictions of the BUILD-file dialect: no function definitions, no for/if statements, no *args/**kwargs.
//
// Bazel runs these checks (PackageFactory.checkBuildSyntax) after a BUILD file parses cleanly and before it is
// resolved; a def, for or if is reported once and its insides are not searched further.

import type { FileNode } from './ast.ts';
import type { ScanError } from './scanner.ts';
import { walk } from './walk.ts';

const NO_FUNCTIONS = 'functions may not be defined in BUILD files. You may move the function to a .bzl file and load it.';
const NO_FOR =
  'for statements are not allowed in BUILD files. You may inline the loop, move it to a function definition ' +
  '(in a .bzl file), or as a last resort use a list comprehension.';
const NO_IF =
  'if statements are not allowed in BUILD files. You may move conditional logic to a function definition ' +
  '(in a .bzl file), or for simple cases use an if expression.';
const NO_KWARGS = '**kwargs arguments are not allowed in BUILD files. Pass the arguments in explicitly.';
const NO_ARGS = '*args arguments are not allowed in BUILD files. Pass the arguments in explicitly.';

/**
 * The BUILD-dialect errors of `file`. `functionMessage` overrides the def/lambda message (Bazel 4.2.3 said
 * "function definitions are not allowed in BUILD files. …").
 */
export function checkBuildSyntax(file: FileNode, functionMessage = NO_FUNCTIONS): ScanError[] {
  const errors: ScanError[] = [];
  const error = (start: number, end: number, message: string) => errors.push({ start, end, message });
  walk(file, (n) => {
    switch (n.kind) {
      case 'DefStmt':
        error(n.start, n.start + 3, functionMessage);
        return false;
      case 'LambdaExpr':
        error(n.start, n.start + 6, functionMessage);
        return false;
      case 'ForStmt':
        error(n.start, n.start + 3, NO_FOR);
        return false;
      case 'IfStmt':
        error(n.start, n.start + 2, NO_IF);
        return false;
      case 'CallExpr':
        for (const a of n.args) {
          if (a.form === 'starstar') error(a.start, a.end, NO_KWARGS);
          else if (a.form === 'star') error(a.start, a.end, NO_ARGS);
        }
        return true;
      default:
        return true;
    }
  });
  return errors;
}
