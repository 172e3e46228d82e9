// --output=build: each rule as a BUILD-language call — the attributes set explicitly (and the generator_*
// attributes of macro-made rules) in Bazel's attribute order, labels absolute, select()s as written — headed by
// its location and followed by the call stack that instantiated it. Files and package groups print nothing.
import {
  Configurable,
  isExplicit,
  IMPLICIT_TESTS_ATTR,
  listedImplicitTests,
  isLabel,
  labelToString,
  type AttrSpec,
  type PlainAttrValue,
  type RuleTarget,
  type Workspace,
} from '../../loading/index.ts';
import type { ConfiguredGraph, ConfiguredTarget } from '../../config/index.ts';
import { listedAttributes, printedOrder, type ListingProfile } from './listed-attributes.ts';
import { macroInfo } from '../macro-info.ts';
import { absoluteSourcePath, type OutputContext, type SourcePaths } from './context.ts';

/** A Starlark string literal as Bazel prints it (double quotes, escapes). */
export function starlarkString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return out + '"';
}

function item(x: unknown): string {
  if (typeof x === 'string') return starlarkString(x);
  if (typeof x === 'boolean') return x ? 'True' : 'False';
  if (typeof x === 'number') return String(x);
  if (x === null) return 'None';
  if (isLabel(x)) return starlarkString(labelToString(x));
  if (Array.isArray(x)) return '[' + x.map(item).join(', ') + ']';
  return String(x);
}

/** A plain attribute value in Starlark syntax. */
export function plainToStarlark(type: AttrSpec['type'], v: PlainAttrValue): string {
  if (v === null) return 'None';
  if (Array.isArray(v) && type.endsWith('dict')) {
    return '{' + (v as readonly (readonly [unknown, unknown])[]).map(([k, val]) => `${item(k)}: ${item(val)}`).join(', ') + '}';
  }
  return item(v);
}

export function valueToStarlark(type: AttrSpec['type'], v: PlainAttrValue | Configurable): string {
  if (!(v instanceof Configurable)) return plainToStarlark(type, v);
  return v.parts
    .map((p) => {
      if (p.kind === 'value') return plainToStarlark(type, p.value);
      const entries = p.branches.map((b) => `${starlarkString(labelToString(b.key))}: ${plainToStarlark(type, b.value)}`);
      return `select({${entries.join(', ')}})`;
    })
    .join(' + ');
}

/** The attributes the build output shows: [name, rendered value] after `name`. */
export function explicitAttributes(rule: RuleTarget, workspace: Workspace, profile: ListingProfile, paths: SourcePaths): [AttrSpec, string][] {
  const out: [AttrSpec, string][] = [];
  const macro = macroInfo(rule, workspace, paths);
  for (const { spec: a, unmodelled } of listedAttributes(rule.schema, profile)) {
    if (a.name === 'name' || a.implicit || unmodelled) continue;
    if (a.name === 'generator_name' || a.name === 'generator_function' || a.name === 'generator_location') {
      if (!macro) continue;
      const v = a.name === 'generator_name' ? macro.name : a.name === 'generator_function' ? macro.fn : macro.location;
      out.push([a, starlarkString(v)]);
      continue;
    }
    if (!isExplicit(rule, a.name)) continue;
    out.push([a, valueToStarlark(a.type, printedOrder(a, rule.attrs.get(a.name)!))]);
  }
  // Bazel prints `$`-attributes with `_`, the computed test list included.
  const implicitTests = listedImplicitTests(rule);
  if (implicitTests) out.push([{ ...IMPLICIT_TESTS_ATTR, name: '_implicit_tests' }, plainToStarlark('label_list', implicitTests)]);
  return out;
}

/** The call stack lines: `#   <file>:<line>:<col> in <function>`, locations padded to one width. */
function stackLines(stack: RuleTarget['callStack'], paths: SourcePaths): string[] {
  const frames = stack.map((f) => ({ where: `${absoluteSourcePath(f.file, paths)}:${f.line}:${f.column}`, name: f.name }));
  const width = Math.max(0, ...frames.map((f) => f.where.length));
  return frames.map((f) => `#   ${f.where.padEnd(width)} in ${f.name}`);
}

export function formatRule(rule: RuleTarget, workspace: Workspace, paths: SourcePaths, profile: ListingProfile, attrs?: [AttrSpec, string][]): string {
  const loc = rule.location;
  const lines = [`# ${absoluteSourcePath(loc.file, paths)}:${loc.line}:${loc.column}`, `${rule.ruleClass}(`, `  name = ${starlarkString(rule.label.name)},`];
  for (const [a, v] of attrs ?? explicitAttributes(rule, workspace, profile, paths)) lines.push(`  ${a.name} = ${v},`);
  lines.push(')');
  lines.push(`# Rule ${rule.label.name} instantiated at (most recent call last):`);
  lines.push(...stackLines(rule.callStack, paths));
  if (rule.schema.definedAt?.length) {
    lines.push(`# Rule ${rule.ruleClass} defined at (most recent call last):`);
    // A rule class of another repository is defined in that repository's tree (under the output base).
    const repo = rule.label.repo;
    const inTree = <F extends { readonly file: string }>(f: F): F => (repo === '' || f.file.startsWith('/') || f.file.startsWith('external/') ? f : { ...f, file: `external/${repo}/${f.file}` });
    lines.push(...stackLines(rule.schema.definedAt.map(inTree), paths));
  }
  return lines.join('\n') + '\n\n';
}

/** The attributes to print for a rule (given the result node it came from); explicitAttributes when absent. */
type AttributesOf = (rule: RuleTarget, node: unknown, profile: ListingProfile, paths: SourcePaths) => [AttrSpec, string][];

/**
 * The build output. A generated file stands for its generating rule (Bazel's Target.getAssociatedRule), each rule
 * printed once; `ruleNode` gives cquery the rule's configured target (the generated file's own otherwise).
 */
export function makeBuildFormatter(workspace: Workspace, attributesOf?: AttributesOf, ruleNode?: (node: unknown) => unknown) {
  return <T>(ctx: OutputContext<T>): string => {
    const profile = ctx.graph.profile;
    let out = '';
    const printed = new Set<string>();
    for (const n of ctx.nodes) {
      const t = ctx.graph.target(n);
      const node = t.kind === 'generated file' && ruleNode ? (ruleNode(n) as T) : n;
      const rule =
        t.kind === 'rule' ? t : t.kind !== 'generated file' ? undefined : ruleNode ? ctx.graph.target(node) : ctx.graph.packages?.packageOf(n).targets.get(t.rule.name);
      if (rule?.kind !== 'rule' || printed.has(labelToString(rule.label))) continue;
      printed.add(labelToString(rule.label));
      out += formatRule(rule, workspace, ctx.options, profile, attributesOf?.(rule, node, profile, ctx.options));
    }
    return out;
  };
}

/** The build output of cquery: select()s resolved in each target's configuration. */
export function cqueryBuildFormatter(workspace: Workspace, configured: ConfiguredGraph) {
  return makeBuildFormatter(workspace, (t, n, profile, paths) =>
    explicitAttributes(t, workspace, profile, paths).map(([a, v]): [AttrSpec, string] => {
      const raw = t.attrs.get(a.name);
      if (a.name === 'visibility' && t.writtenVisibility) return [a, plainToStarlark(a.type, t.writtenVisibility)];
      if (!(raw instanceof Configurable)) return [a, v];
      const resolved = configured.attribute(n as ConfiguredTarget, a.name);
      return [a, resolved === undefined ? v : plainToStarlark(a.type, resolved)];
    }),
    // A generated file's configured target depends on its rule's, in the same configuration.
    (n) => configured.deps(n as ConfiguredTarget).find((e) => e.to.target.kind === 'rule')?.to ?? n,
  );
}
