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
  labelEquals,
  labelsIn,
  parseCanonicalLabel,
  type AttrSpec,
  type Label,
  type PlainAttrValue,
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

/** How directEdges reads one attribute of a schema (computed once per attribute order). */
interface AttrPlan {
  readonly spec: AttrSpec;
  /** A label attribute whose labels are edges (not nodep, not visibility); others only contribute select() keys. */
  readonly edges: boolean;
  readonly tool: boolean;
}

const plans = new WeakMap<readonly AttrSpec[], readonly AttrPlan[]>();

function planOf(order: readonly AttrSpec[]): readonly AttrPlan[] {
  let plan = plans.get(order);
  if (!plan) {
    plan = order.map((a) => ({ spec: a, edges: isLabelType(a.type) && !a.type.startsWith('nodep') && a.name !== 'visibility', tool: a.tool === true }));
    plans.set(order, plan);
  }
  return plan;
}

/** Canonical label strings of implicit attributes, parsed once (labels are immutable, so they can be shared). */
const canonicalLabels = new Map<string, Label>();

function canonicalLabel(s: string): Label {
  let l = canonicalLabels.get(s);
  if (l === undefined) {
    l = parseCanonicalLabel(s);
    canonicalLabels.set(s, l);
  }
  return l;
}

/** Attribute defaults as values, by attribute, for the rules whose default is the schema's (defaultOf). */
const defaults = new WeakMap<AttrSpec, PlainAttrValue | undefined>();

function defaultFor(t: RuleTarget, a: AttrSpec): PlainAttrValue | undefined {
  if (defaultOf(t, a) !== a.default) return defaultAttrValue(t, a.name);
  if (defaults.has(a)) return defaults.get(a);
  const v = defaultAttrValue(t, a.name);
  defaults.set(a, v);
  return v;
}

/** Receives one edge: the label, the attribute naming it, and whether it is a select()'s, implicit, a tool. */
export type EdgeVisitor = (label: Label, attr: string, select: boolean, implicit: boolean, tool: boolean) => void;

/** The direct prerequisites of a target, in attribute order, without duplicates (the first edge wins). */
export function directEdges(t: Target, opts: EdgeOptions): LabelEdge[] {
  const out: LabelEdge[] = [];
  forEachDirectEdge(t, opts, (label, attr, select, implicit, tool) => out.push({ label, attr, select, implicit, tool }));
  return out;
}

/** directEdges without the edge objects: `visit` is called for each, in the same order. */
export function forEachDirectEdge(t: Target, opts: EdgeOptions, visit: EdgeVisitor): void {
  switch (t.kind) {
    case 'source file': {
      if (opts.nodepDeps !== false) visibilityEdges(t.visibility, visit);
      return;
    }
    case 'generated file':
      visit(t.rule, '', false, false, false);
      return;
    case 'package group':
      for (const label of t.includes) visit(label, 'includes', false, false, false);
      return;
    case 'rule': {
      // The labels already visited: a short list scanned (a rule has a few edges), a set once it is long.
      const seenList: Label[] = [];
      let seenSet: Set<string> | undefined;
      const add: EdgeVisitor = (label, attr, select, implicit, tool) => {
        if (seenSet) {
          const k = labelKey(label);
          if (seenSet.has(k)) return;
          seenSet.add(k);
        } else {
          for (let i = 0; i < seenList.length; i++) if (labelEquals(seenList[i]!, label)) return;
          seenList.push(label);
          if (seenList.length > 16) seenSet = new Set(seenList.map(labelKey));
        }
        visit(label, attr, select, implicit, tool);
      };
      // Only a rule with a select() somewhere has select() keys to collect from attributes without edges.
      let anySelect = false;
      for (const v of t.attrs.values()) {
        if (v instanceof Configurable) {
          anySelect = true;
          break;
        }
      }
      const keys: Label[] = [];
      for (const { spec: a, edges, tool } of planOf(bazelAttributeOrder(t.schema, true))) {
        if (!edges) {
          if (!anySelect) continue;
          // A select() in any attribute (a genrule's cmd, copts) depends on its keys.
          const v = t.attrs.get(a.name);
          if (v instanceof Configurable) for (const part of v.parts) if (part.kind === 'selector') for (const b of part.branches) if (!b.isDefault) keys.push(b.key);
          continue;
        }
        if (tool && opts.hostDeps === false) continue;
        if (a.implicit) {
          // Implicit tools (genrule-setup.sh) are host dependencies in Bazel 4.2.3.
          if (opts.hostDeps === false) continue;
          if (!opts.implicitDeps) continue;
          for (const d of implicitDefaults(a, t)) add(canonicalLabel(d), a.name, false, true, tool);
          continue;
        }
        // A label default (cc_binary's malloc, a Starlark rule's attr.label(default = …)) is an implicit dependency:
        // --noimplicit_deps drops it.
        const v = t.attrs.get(a.name) ?? (opts.implicitDeps ? defaultFor(t, a) : undefined);
        if (v === undefined || v === null) continue;
        if (v instanceof Configurable) {
          for (const part of v.parts) {
            if (part.kind === 'value') {
              if (part.value !== null) for (const l of labelsIn(a.type, part.value)) add(l, a.name, false, false, tool);
            } else {
              for (const b of part.branches) {
                if (!b.isDefault) keys.push(b.key);
                // None stands for the attribute's default (AggregatingAttributeMapper); written, so not implicit.
                const value = b.value ?? defaultFor(t, a) ?? null;
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
      return;
    }
  }
}

const labelKey = (l: Label) => `${l.repo}//${l.pkg}:${l.name}`;

/**
 * Visibility labels naming package groups are dependencies in query (Bazel's LabelVisitor visits them);
 * //visibility:public/private, `__pkg__` and `__subpackages__` are not targets.
 */
function visibilityEdges(v: unknown, add: EdgeVisitor): void {
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
