// The unconfigured edges query walks: a target's direct prerequisites as labels, each with the attribute that
// names it, and the order Bazel keeps a rule's attributes in (for edges, --output=build/xml/graph).
//
// A rule depends on every label in its label-typed attributes — every select() branch, and the select() keys
// themselves (Bazel's `$config_dependencies`) — and on implicit attributes unless --noimplicit_deps; visibility
// and other nodep attributes are not edges. A generated file depends on its rule; a package group on the groups
// it includes; a source file on nothing.

import {
  allAttributes,
  Configurable,
  defaultAttrValue,
  defaultOf,
  isLabelType,
  labelsIn,
  parseCanonicalLabel,
  type AttrSpec,
  type Label,
  type RuleSchema,
  type RuleTarget,
  type Target,
} from '../loading/index.ts';

export interface EdgeOptions {
  readonly implicitDeps: boolean;
  /** Follow host/exec tool dependencies (genrule tools); --nohost_deps / --notool_deps turn them off. */
  readonly hostDeps?: boolean;
  /** Follow edges from nodep attributes (visibility's package groups); --nonodep_deps turns them off. */
  readonly nodepDeps?: boolean;
}

export interface LabelEdge {
  readonly label: Label;
  readonly attr: string;
  readonly select: boolean;
  readonly implicit: boolean;
  readonly tool: boolean;
}

/**
 * Attributes every rule has, in the order Bazel's RuleClass keeps them (BaseRuleClasses.commonCoreAndStarlark
 * Attributes), ahead of the rule's own attributes.
 */
const BASE_ORDER = [
  'visibility',
  'transitive_configs',
  'deprecation',
  'tags',
  'generator_name',
  'generator_function',
  'generator_location',
  'testonly',
  'features',
  'compatible_with',
  'restricted_to',
  'package_metadata',
  'licenses',
  'distribs',
  'exec_properties',
  'exec_compatible_with',
  'exec_group_compatible_with',
  'target_compatible_with',
  'aspect_hints',
];

const orderCache = new Map<RuleSchema, Map<boolean, AttrSpec[]>>();

/** A rule's attributes in Bazel's order: name, the common ones, then the rule's own (then test/binary ones). */
export function bazelAttributeOrder(schema: RuleSchema, postBazel4Attributes: boolean): AttrSpec[] {
  let bySchema = orderCache.get(schema);
  if (!bySchema) orderCache.set(schema, (bySchema = new Map()));
  const cached = bySchema.get(postBazel4Attributes);
  if (cached) return cached;
  const all = allAttributes(schema, postBazel4Attributes);
  if (schema.order) {
    // Bazel's own order (generated tables); attributes it does not list (current Bazel's) go last.
    const at = (n: string) => {
      const i = schema.order!.indexOf(n);
      return i < 0 ? schema.order!.length : i;
    };
    const out = [all[0]!, ...all.slice(1).map((a, i) => [a, i] as const).sort(([a, i], [b, j]) => at(a.name) - at(b.name) || i - j).map(([a]) => a)];
    bySchema.set(postBazel4Attributes, out);
    return out;
  }
  const base = BASE_ORDER.map((n) => all.find((a) => a.name === n)).filter((a): a is AttrSpec => a !== undefined);
  const rest = all.slice(1).filter((a) => !BASE_ORDER.includes(a.name));
  const out = [all[0]!, ...base, ...rest];
  bySchema.set(postBazel4Attributes, out);
  return out;
}

/** The labels an implicit attribute names (one, a list, or none for a late-bound one without a default). */
export function implicitDefaults(a: AttrSpec, rule: RuleTarget): readonly string[] {
  const d = defaultOf(rule, a);
  return typeof d === 'string' ? [d] : Array.isArray(d) ? (d as readonly string[]) : [];
}

const labelKey = (l: Label) => `${l.repo}//${l.pkg}:${l.name}`;

/** The direct prerequisites of a target, in attribute order, without duplicates (the first edge wins). */
export function directEdges(t: Target, opts: EdgeOptions): LabelEdge[] {
  switch (t.kind) {
    case 'source file': {
      const out: LabelEdge[] = [];
      if (opts.nodepDeps !== false) visibilityEdges(t.visibility, (label, attr) => out.push({ label, attr, select: false, implicit: false, tool: false }));
      return out;
    }
    case 'generated file':
      return [{ label: t.rule, attr: '', select: false, implicit: false, tool: false }];
    case 'package group':
      return t.includes.map((label) => ({ label, attr: 'includes', select: false, implicit: false, tool: false }));
    case 'rule': {
      const out: LabelEdge[] = [];
      const seen = new Set<string>();
      const add = (label: Label, attr: string, select: boolean, implicit: boolean, tool: boolean) => {
        const k = labelKey(label);
        if (seen.has(k)) return;
        seen.add(k);
        out.push({ label, attr, select, implicit, tool });
      };
      const keys: Label[] = [];
      for (const a of bazelAttributeOrder(t.schema, true)) {
        if (!isLabelType(a.type) || a.type.startsWith('nodep') || a.name === 'visibility') {
          // A select() in any attribute (a genrule's cmd, copts) depends on its keys.
          const v = t.attrs.get(a.name);
          if (v instanceof Configurable) for (const part of v.parts) if (part.kind === 'selector') for (const b of part.branches) if (!b.isDefault) keys.push(b.key);
          continue;
        }
        const tool = a.tool === true;
        if (tool && opts.hostDeps === false) continue;
        if (a.implicit) {
          // Implicit tools (genrule-setup.sh) are host dependencies in Bazel 4.2.3.
          if (opts.hostDeps === false) continue;
          if (!opts.implicitDeps) continue;
          for (const d of implicitDefaults(a, t)) add(parseCanonicalLabel(d), a.name, false, true, tool);
          continue;
        }
        // A label default (cc_binary's malloc, a Starlark rule's attr.label(default = …)) is an implicit dependency:
        // --noimplicit_deps drops it.
        const v = t.attrs.get(a.name) ?? (opts.implicitDeps ? defaultAttrValue(t, a.name) : undefined);
        if (v === undefined || v === null) continue;
        if (v instanceof Configurable) {
          for (const part of v.parts) {
            if (part.kind === 'value') {
              if (part.value !== null) for (const l of labelsIn(a.type, part.value)) add(l, a.name, false, false, tool);
            } else {
              for (const b of part.branches) {
                if (!b.isDefault) keys.push(b.key);
                // None stands for the attribute's default (AggregatingAttributeMapper); written, so not implicit.
                const value = b.value ?? defaultAttrValue(t, a.name) ?? null;
                if (value !== null) for (const l of labelsIn(a.type, value)) add(l, a.name, true, false, tool);
              }
            }
          }
        } else for (const l of labelsIn(a.type, v)) add(l, a.name, false, false, tool);
      }
      for (const k of keys) add(k, '$config_dependencies', true, false, false);
      // Bazel 4.2.3 keeps these edges under --noimplicit_deps too.
      for (const l of t.implicitTests ?? []) add(l, '$implicit_tests', false, true, false);
      if (opts.nodepDeps !== false) visibilityEdges(t.attrs.get('visibility'), add);
      return out;
    }
  }
}

/**
 * Visibility labels naming package groups are dependencies in query (Bazel's LabelVisitor visits them);
 * //visibility:public/private, `__pkg__` and `__subpackages__` are not targets.
 */
function visibilityEdges(v: unknown, add: (label: Label, attr: string, select: boolean, implicit: boolean, tool: boolean) => void): void {
  if (!Array.isArray(v)) return;
  for (const l of v as readonly Label[]) {
    if (l.repo === '' && l.pkg === 'visibility') continue;
    if (l.name === '__pkg__' || l.name === '__subpackages__') continue;
    add(l, 'visibility', false, false, false);
  }
}

/** The direct prerequisites of a target as labels (kept for callers that need no edge details). */
export function directDeps(t: Target, opts: EdgeOptions): Label[] {
  return directEdges(t, opts).map((e) => e.label);
}
