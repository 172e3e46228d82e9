// What query's build/xml/proto outputs say about a rule made by a legacy macro: generator_name (the `name`
// argument of the outermost macro call, read from the BUILD file), generator_function (the macro) and
// generator_location (the call in the BUILD file: its absolute location from the first occurrence of the package
// name on, as Bazel's Rule.maybeGetRelativeLocation cuts it — "spuriously" early when the workspace path contains
// the package name, the whole path for the root package).
import { builtinRepo, type RuleTarget, type Workspace } from '../loading/index.ts';
import { absoluteSourcePath, type SourcePaths } from './output/context.ts';

export interface MacroInfo {
  readonly name: string;
  readonly fn: string;
  readonly location: string;
}

/** undefined when the rule was declared directly in its BUILD file. */
export function macroInfo(rule: RuleTarget, workspace: Workspace, paths: SourcePaths): MacroInfo | undefined {
  const stack = rule.callStack;
  if (stack.length < 2) return undefined;
  const top = stack[0]!;
  const fn = stack[1]!.name;
  let name = rule.label.name;
  const text = callText(top.file, top.line, top.column, workspace);
  if (text !== undefined) {
    // The `name = "…"` keyword of the call that starts at the frame's position.
    const m = /^[\w.]*\s*\(([^()]|\([^()]*\))*?\bname\s*=\s*(["'])([^"']*)\2/s.exec(text);
    if (m) name = m[3]!;
  }
  // An external repository's file is under the output base.
  const absolute = `${absoluteSourcePath(top.file, paths)}:${top.line}:${top.column}`;
  const at = absolute.indexOf(rule.label.pkg);
  return { name, fn, location: at < 0 ? `${top.file}:${top.line}:${top.column}` : absolute.slice(at) };
}

/** A BUILD file's text from a line and column on: the workspace's, or a built-in repository's (`external/<repo>/…`). */
function callText(file: string, line: number, column: number, workspace: Workspace): string | undefined {
  const src = workspace.source(file);
  if (src) return src.text.slice(src.lines.offset({ line, column }));
  const m = /^external\/([^/]+)\/(.*)$/.exec(file);
  const text = m ? builtinRepo(m[1]!)?.[m[2]!] : undefined;
  return text?.split('\n').slice(line - 1).join('\n').slice(column - 1);
}
