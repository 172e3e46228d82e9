// What query's build/xml/proto outputs say about a rule made by a legacy macro: generator_name (the `name`
// argument of the outermost macro call, read from the BUILD file), generator_function (the macro) and
// generator_location (the call in the BUILD file, workspace-relative).
import type { RuleTarget, Workspace } from '../loading/index.ts';

export interface MacroInfo {
  readonly name: string;
  readonly fn: string;
  readonly location: string;
}

/** undefined when the rule was declared directly in its BUILD file. */
export function macroInfo(rule: RuleTarget, workspace: Workspace): MacroInfo | undefined {
  const stack = rule.callStack;
  if (stack.length < 2) return undefined;
  const top = stack[0]!;
  const fn = stack[1]!.name;
  let name = rule.label.name;
  const src = workspace.source(top.file);
  if (src) {
    // The `name = "…"` keyword of the call that starts at the frame's position.
    const offset = src.lines.offset({ line: top.line, column: top.column });
    const m = /^[\w.]*\s*\(([^()]|\([^()]*\))*?\bname\s*=\s*(["'])([^"']*)\2/s.exec(src.text.slice(offset));
    if (m) name = m[3]!;
  }
  return { name, fn, location: `${top.file}:${top.line}:${top.column}` };
}
