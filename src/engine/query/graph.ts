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

/** How directEdges reads a schema's attributes (computed once per attribute order). */
interface EdgePlan {
  /** The label attributes whose labels are edges (not nodep, not visibility), in order. */
  readonly edges: readonly EdgeAttr[];
  /** Each attribute's position in the order, by name: select() keys are collected in that order. */
  readonly position: ReadonlyMap<string, number>;
  /** Whether the attribute at each position is an edge attribute. */
  readonly isEdge: readonly boolean[];
  /** Two attributes share a name: select() keys are collected by walking the whole order instead. */
  readonly ambiguous: boolean;
}

interface EdgeAttr {
  readonly spec: AttrSpec;
  readonly tool: boolean;
  /** The attribute's default as a value when a rule leaves it unset, once computed (see defaultFor). */
  defaultValue?: PlainAttrValue | undefined;
  defaultKnown?: boolean;
}

const plans = new WeakMap<readonly AttrSpec[], EdgePlan>();

function planOf(order: readonly AttrSpec[]): EdgePlan {
  let plan = plans.get(order);
  if (!plan) {
    const edges: EdgeAttr[] = [];
    const position = new Map<string, number>();
    const isEdge: boolean[] = [];
    let ambiguous = false;
    order.forEach((a, i) => {
      if (position.has(a.name)) ambiguous = true;
      position.set(a.name, i);
      isEdge.push(isLabelType(a.type) && !a.type.startsWith('nodep') && a.name !== 'visibility');
      if (isEdge[i]) edges.push({ spec: a, tool: a.tool === true });
    });
    plan = { edges, position, isEdge, ambiguous };
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

/** An unset attribute's default as a value, kept on the plan when it is the schema's (defaultOf). */
function defaultFor(t: RuleTarget, e: EdgeAttr): PlainAttrValue | undefined {
  const a = e.spec;
  if (defaultOf(t, a) !== a.default) return defaultAttrValue(t, a.name);
  if (!e.defaultKnown) {
    e.defaultValue = defaultAttrValue(t, a.name);
    e.defaultKnown = true;
  }
  return e.defaultValue;
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
      const order = bazelAttributeOrder(t.schema, true);
      const plan = planOf(order);
      const edges = plan.edges;
      for (let i = 0; i < edges.length; i++) {
        const e = edges[i]!;
        const a = e.spec;
        const tool = e.tool;
        if (tool && opts.hostDeps === false) continue;
        if (a.implicit) {
          // A native rule's implicit dependencies (genrule-setup.sh) are host/exec tools in Bazel 4.2.3; a Starlark
          // rule's are tools only with cfg = "exec" (AbstractQueryTest#testNoImplicitDeps: --notool_deps keeps
          // `_implicit_dep`).
          if (opts.hostDeps === false && (tool || t.schema.definedAt === undefined)) continue;
          if (!opts.implicitDeps) continue;
          const ds = implicitDefaults(a, t);
          for (let j = 0; j < ds.length; j++) add(canonicalLabel(ds[j]!), a.name, false, true, tool);
          continue;
        }
        // A label default (cc_binary's malloc, a Starlark rule's attr.label(default = …)) is an implicit dependency:
        // --noimplicit_deps drops it.
        const v = t.attrs.get(a.name) ?? (opts.implicitDeps ? defaultFor(t, e) : undefined);
        if (v === undefined || v === null) continue;
        if (v instanceof Configurable) {
          for (const part of v.parts) {
            if (part.kind === 'value') {
              if (part.value !== null) addLabels(a, part.value, false, tool, add);
            } else {
              for (const b of part.branches) {
                // None stands for the attribute's default (AggregatingAttributeMapper); written, so not implicit.
                const value = b.value ?? defaultFor(t, e) ?? null;
                if (value !== null) addLabels(a, value, true, tool, add);
              }
            }
          }
        } else addLabels(a, v, false, tool, add);
      }
      // A select() in any attribute (a genrule's cmd, copts) depends on its keys, in attribute order.
      const keys = selectKeys(t, order, plan, opts);
      for (let i = 0; i < keys.length; i++) add(keys[i]!, '$config_dependencies', true, false, false);
      // Bazel 4.2.3 keeps these edges under --noimplicit_deps too.
      for (const l of t.implicitTests ?? []) add(l, '$implicit_tests', false, true, false);
      if (opts.nodepDeps !== false) visibilityEdges(t.attrs.get('visibility'), add);
      return;
    }
  }
}

/** The labels of an attribute's plain value as edges (a label or a list of them without making an array). */
function addLabels(a: AttrSpec, v: PlainAttrValue, select: boolean, tool: boolean, add: EdgeVisitor): void {
  if (a.type === 'label') add(v as Label, a.name, select, false, tool);
  else if (a.type === 'label_list') {
    const ls = v as readonly Label[];
    for (let i = 0; i < ls.length; i++) add(ls[i]!, a.name, select, false, tool);
  } else {
    const ls = labelsIn(a.type, v);
    for (let i = 0; i < ls.length; i++) add(ls[i]!, a.name, select, false, tool);
  }
}

/**
 * The select() keys (but //conditions:default) of a rule's attributes, in attribute order: every attribute's but
 * those of edge attributes whose edges are not followed (implicit ones, tools under --nohost_deps/--notool_deps).
 */
function selectKeys(t: RuleTarget, order: readonly AttrSpec[], plan: EdgePlan, opts: EdgeOptions): readonly Label[] {
  if (plan.ambiguous) {
    const keys: Label[] = [];
    order.forEach((a, i) => {
      const v = t.attrs.get(a.name);
      if (v instanceof Configurable && !keysSkipped(order, plan, i, opts)) addKeys(v, keys);
    });
    return keys;
  }
  // The rule's select()s (a few attributes at most), in the order's positions.
  let found: { at: number; v: Configurable }[] | undefined;
  t.attrs.forEach((v, name) => {
    if (!(v instanceof Configurable)) return;
    const at = plan.position.get(name);
    if (at === undefined || keysSkipped(order, plan, at, opts)) return;
    (found ??= []).push({ at, v });
  });
  if (!found) return NO_LABELS;
  const selects: { at: number; v: Configurable }[] = found;
  if (selects.length > 1) selects.sort((x, y) => x.at - y.at);
  const keys: Label[] = [];
  for (let i = 0; i < selects.length; i++) addKeys(selects[i]!.v, keys);
  return keys;
}

const NO_LABELS: readonly Label[] = [];

function keysSkipped(order: readonly AttrSpec[], plan: EdgePlan, i: number, opts: EdgeOptions): boolean {
  return plan.isEdge[i] === true && ((order[i]!.tool === true && opts.hostDeps === false) || order[i]!.implicit === true);
}

function addKeys(v: Configurable, keys: Label[]): void {
  for (const part of v.parts) if (part.kind === 'selector') for (const b of part.branches) if (!b.isDefault) keys.push(b.key);
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
