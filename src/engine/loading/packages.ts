// Packages and their targets (rules, source files, generated files, package groups), and the PackageBuilder
// that BUILD-file evaluation fills through the native functions.
//
// Bazel semantics kept here: a rule whose attributes are wrong is still created (with the bad attributes unset)
// and the package is marked in error; a name clash stops the BUILD file (an evaluation error); source-file
// targets are created when the package is finished, for every same-package label a rule mentions that names
// no target, located at the first rule that mentions it; the BUILD file is itself a source-file target.

import { javaHashSetOrder, javaLabelHash, type Diagnostic, type Profile, type StackFrame } from '../base/index.ts';
import { EvalError, repr, typeName, type Value } from '../starlark/index.ts';
import { allowedValueErrors } from './allowed-values.ts';
import { Configurable, convertAttribute, isLabelType, labelsIn, type AttrValue } from './attributes.ts';
import { labelToString, validateTargetName, type Label, type PackageContext } from './label.ts';
import { inMacroNamespace, MACRO_NAMING_RULES } from './macro-names.ts';
import { allAttributes, attributesByName, schemaUnder, type AttrSpec, type RuleSchema } from './rules/index.ts';
import { defaultAttrValue, type GeneratedFileTarget, type Location, type RuleTarget, type Target } from './target.ts';
import { filterReason, packageTests, parseTagFilter, ruleTags } from './test-filter.ts';
import type { Workspace } from './workspace.ts';

/** `//visibility:public` (visibility.ts has it too, but imports this file). */
const PUBLIC_VISIBILITY: Label = { repo: '', pkg: 'visibility', name: 'public' };

export * from './target.ts';

export interface PackageArgs {
  defaultVisibility?: readonly Label[];
  defaultTestonly?: boolean;
  defaultDeprecation?: string;
  features?: readonly string[];
}

export class Package {
  readonly targets = new Map<string, Target>();
  readonly diagnostics: Diagnostic[] = [];
  /** Workspace paths of the .bzl files this package loaded, directly or not, in load order. */
  readonly loads: string[] = [];
  inError = false;
  /** The BUILD file stopped on a Starlark error (Bazel then reports the query as "failed", not "… BUILD file errors"). */
  evalError = false;
  /** Why the package could not be loaded at all (a load() failed); it then has no targets. */
  loadError?: string;
  args: PackageArgs = {};

  constructor(
    readonly name: string,
    readonly buildFile: string,
    readonly repo = '',
  ) {}

  /** Targets sorted by name (the order Bazel's package keeps). */
  sortedTargets(): Target[] {
    // Packages are not changed once loaded (a LoadCache hands the same one to many commands): sort once.
    if (this.sorted?.length !== this.targets.size) {
      this.sorted = [...this.targets.values()].sort((a, b) => (a.label.name < b.label.name ? -1 : a.label.name > b.label.name ? 1 : 0));
    }
    return [...this.sorted];
  }
  private sorted: Target[] | undefined;
}

export interface BuilderOptions {
  readonly workspace: Workspace;
  /** The rows read here: labels, postBazel4Attributes, implicitTestsFilteredByTags, implicitTestsRepeatedOnRestart, nativeShRules, englishListOxfordComma. */
  readonly profile: Profile;
  /** The absolute workspace path Bazel puts in messages such as "defined at /ws/pkg/BUILD:3:8". */
  readonly workspaceDir: string;
  /** Reports a located loading error or warning (the builder marks the package in error itself). */
  readonly report: (d: Diagnostic) => void;
}

/** Fills one Package while its BUILD file is evaluated. */
export class PackageBuilder {
  readonly pkg: Package;
  private ruleCalls = 0;
  private packageCalled = false;
  private defaultLicense: readonly string[] | undefined;
  /** glob() was called with patterns: 4.2.3's loading restarts for the GlobValues (profile implicitTestsRepeatedOnRestart). */
  private globbed = false;
  /** The symbolic macros whose implementations are running, outermost first (their names). */
  readonly macroStack: string[] = [];
  /** How many symbolic macro instances of each name were declared so far (submacros may repeat an ancestor's). */
  private readonly macroNames = new Map<string, number>();

  constructor(
    name: string,
    buildFile: string,
    private readonly opts: BuilderOptions,
  ) {
    this.pkg = new Package(name, buildFile);
  }

  private label(name: string): Label {
    return { repo: this.pkg.repo, pkg: this.pkg.name, name };
  }

  /** The package relative labels are parsed in. */
  private get context(): PackageContext {
    return (this.packageContext ??= { repo: this.pkg.repo, pkg: this.pkg.name });
  }
  private packageContext: PackageContext | undefined;

  private where(loc: Location): string {
    return `${this.opts.workspaceDir}/${loc.file}:${loc.line}:${loc.column}`;
  }

  error(loc: Location, message: string, severity: 'error' | 'warning' = 'error'): void {
    if (severity === 'error') this.pkg.inError = true;
    const d: Diagnostic = {
      file: loc.file,
      range: { start: { line: loc.line, column: loc.column }, end: { line: loc.line, column: loc.column } },
      severity,
      message,
      kind: 'loading',
    };
    this.pkg.diagnostics.push(d);
    this.opts.report(d);
  }

  /** The macro a target named `name` would be declared in outside its namespace, if so (checked at analysis). */
  private macroViolation(name: string): string | undefined {
    const m = this.macroStack[this.macroStack.length - 1];
    return m !== undefined && !inMacroNamespace(name, m) ? m : undefined;
  }

  /** Bazel's checkForExistingMacroName: a name may repeat a macro's only inside that macro (while it runs). */
  private checkMacroClash(name: string, what: 'target' | 'macro'): void {
    const declared = this.macroNames.get(name);
    if (declared === undefined) return;
    const running = this.macroStack.filter((m) => m === name).length;
    if (declared > running) {
      throw new EvalError(`${what} '${name}' conflicts with an existing macro (and was not created by it)`);
    }
  }

  /** A symbolic macro instance named `name` is about to run (TargetRecorder.addMacro's checks). */
  declareMacro(name: string): void {
    const err = validateTargetName(name);
    if (err) throw new EvalError(`invalid name '${name}': ${err}`);
    if (this.pkg.targets.has(name)) throw new EvalError(`macro '${name}' conflicts with an existing target.`);
    this.checkMacroClash(name, 'macro');
    const outer = this.macroStack[this.macroStack.length - 1];
    if (outer !== undefined && !inMacroNamespace(name, outer)) {
      throw new EvalError(`macro '${outer}' cannot declare submacro named '${name}'. ${MACRO_NAMING_RULES}`);
    }
    this.macroNames.set(name, (this.macroNames.get(name) ?? 0) + 1);
  }

  /** package(...): once, before any rule. */
  setPackageArgs(args: PackageArgs): void {
    if (this.packageCalled) throw new EvalError("'package' can only be used once per BUILD file");
    if (this.ruleCalls > 0) throw new EvalError('package() function should be called before any rule');
    this.packageCalled = true;
    this.pkg.args = args;
  }

  /** licenses([...]): the license of the rules declared after it that set none. */
  setDefaultLicense(license: readonly string[]): void {
    this.defaultLicense = license;
  }

  /** A rule call: checks the name, converts attributes (reporting errors), adds the rule and its outputs. */
  addRule(ruleSchema: RuleSchema, kwargs: readonly (readonly [string, Value])[], callStack: readonly StackFrame[], loc: Location): RuleTarget {
    this.ruleCalls++;
    const profile = this.opts.profile;
    const schema = schemaUnder(ruleSchema, profile);
    let nameArg: readonly [string, Value] | undefined;
    for (let i = 0; i < kwargs.length; i++) {
      if (kwargs[i]![0] === 'name') {
        nameArg = kwargs[i];
        break;
      }
    }
    if (!nameArg) throw new EvalError(`${schema.name} rule has no 'name' attribute`);
    const name = nameArg[1];
    if (typeof name !== 'string') {
      throw new EvalError(`expected value of type 'string' for attribute 'name' in '${schema.name}' rule, but got ${repr(name)} (${typeName(name)})`);
    }
    const nameErr = validateTargetName(name);
    if (nameErr) throw new EvalError(`illegal rule name: ${name}: invalid target name '${name}': ${nameErr}`);
    const label = this.label(name);
    const existing = this.pkg.targets.get(name);
    if (existing) throw new EvalError(`${schema.name} rule '${name}' in package '${this.pkg.name}' conflicts with existing ${this.describe(existing)}`);
    this.checkMacroClash(name, 'target');

    const specs = allAttributes(schema, profile.postBazel4Attributes);
    const byName = attributesByName(schema, profile.postBazel4Attributes);
    const attrs = new Map<string, AttrValue>();
    // Messages start with the rule's label (made only for a message).
    const prefix = () => `${labelToString(label)}: `;
    let inError = false;
    const ctx = { ruleClass: schema.name, pkg: this.context, dialect: profile.labels };
    // Indexed loops in this file's per-rule code: it runs before V8 optimises it, when for-of allocates.
    for (let i = 0; i < kwargs.length; i++) {
      const k = kwargs[i]![0];
      const v = kwargs[i]![1];
      if (k === 'name') continue;
      const spec = byName.get(k);
      if (!spec || spec.implicit) {
        this.error(loc, `${prefix()}no such attribute '${k}' in '${schema.name}' rule`);
        inError = true;
        continue;
      }
      const r = convertAttribute(spec, v, ctx);
      if ('error' in r) {
        this.error(loc, prefix() + r.error);
        inError = true;
        continue;
      }
      if (r.value !== null) attrs.set(k, r.value);
      // RuleClass.checkAllowedValues, right after the attribute is set (before the next one is converted).
      if (spec.allowedValues !== undefined) {
        for (const e of allowedValueErrors(spec, r.value, profile.englishListOxfordComma)) {
          this.error(loc, prefix() + e);
          inError = true;
        }
      }
      if (spec.type === 'label_list' && r.value !== null) {
        // Bazel's RuleClass.checkForDuplicateLabels: in every value a label-list attribute can take (each
        // combination of select() branches, concatenated), a label may occur only once.
        for (const l of duplicateLabels(r.value, profile.duplicateLabelsInSelects === 'across-selects')) {
          this.error(loc, `Label '${labelToString(l)}' is duplicated in the '${k}' attribute of rule '${name}'`);
          inError = true;
        }
      }
    }
    // A config_setting of 4.2.3 is public whatever it declares (checked with 4.2.3: `deps()` has no package
    // group of it, a package group that does not exist is no error, xml prints //visibility:public).
    // cquery's outputs still print the written value (checked with 4.2.3, seed 54484).
    let writtenVisibility: readonly Label[] | undefined;
    if (schema.name === 'config_setting' && attrs.has('visibility') && profile.configSettingsPublic) {
      writtenVisibility = attrs.get('visibility') as readonly Label[];
      attrs.set('visibility', [PUBLIC_VISIBILITY]);
    }
    const mandatory = mandatoryAttributes(specs, profile.nativeShRules);
    for (let i = 0; i < mandatory.length; i++) {
      const s = mandatory[i]!;
      if (!attrs.has(s.name)) {
        this.error(loc, `${prefix()}missing value for mandatory attribute '${s.name}' in '${schema.name}' rule`);
        inError = true;
      }
    }
    // Package defaults apply to rules that do not set the attribute (they do not count as set: query's outputs
    // list them only with the default values). licenses() applies to the rules after it.
    let packageDefaults: Set<string> | undefined;
    const byDefault = (attr: string, v: AttrValue | undefined) => {
      if (v === undefined || attrs.has(attr) || !byName.has(attr)) return;
      attrs.set(attr, v);
      (packageDefaults ??= new Set()).add(attr);
    };
    const args = this.pkg.args;
    if (args.defaultTestonly !== undefined) byDefault('testonly', args.defaultTestonly);
    if (args.defaultDeprecation !== undefined) byDefault('deprecation', args.defaultDeprecation);
    if (this.defaultLicense !== undefined) byDefault('licenses', this.defaultLicense);

    const macroViolation = this.macroViolation(name);
    const rule: RuleTarget = { kind: 'rule', label, ruleClass: schema.name, schema, attrs, location: loc, callStack, outputs: [], inError, ...(writtenVisibility ? { writtenVisibility } : {}) };
    if (macroViolation) (rule as { macroViolation?: string }).macroViolation = macroViolation;
    if (packageDefaults) (rule as { packageDefaults?: ReadonlySet<string> }).packageDefaults = packageDefaults;
    this.pkg.targets.set(name, rule);
    this.addOutputs(rule, specs, loc);
    if (inError) this.pkg.inError = true;
    return rule;
  }

  private addOutputs(rule: RuleTarget, specs: readonly AttrSpec[], loc: Location): void {
    const names: string[] = [];
    const outputs = outputAttributes(specs);
    for (let i = 0; i < outputs.length; i++) {
      const s = outputs[i]!;
      const v = rule.attrs.get(s.name);
      if (v === undefined || v instanceof Configurable) continue;
      for (const l of labelsIn(s.type, v)) {
        if (l.pkg !== this.pkg.name || l.repo !== this.pkg.repo) {
          this.error(loc, `${labelToString(rule.label)}: label '${labelToString(l)}' is not in the current package`);
          rule.inError = true;
          continue;
        }
        names.push(l.name);
      }
    }
    if (rule.schema.implicitOutputs) names.push(...rule.schema.implicitOutputs(rule.label.name));
    for (let i = 0; i < names.length; i++) {
      const n = names[i]!;
      const sub = this.opts.workspace.subpackageCrossed(this.pkg.name, n);
      const l = this.label(n);
      if (sub !== undefined) {
        this.error(loc, `Label '${labelToString(l)}' is invalid because '${sub}' is a subpackage; perhaps you meant to put the colon here: '//${sub}:${n.slice(sub.length - (this.pkg.name ? this.pkg.name.length + 1 : 0) + 1)}'?`);
        rule.inError = true;
        continue;
      }
      if (n === rule.label.name) {
        // Bazel allows an output named like its rule: the label names the rule, the file is still written.
        this.error(loc, `target '${n}' is both a rule and a file; please choose another name for the rule`, 'warning');
        rule.outputs.push(l);
        continue;
      }
      const existing = this.pkg.targets.get(n);
      if (existing) {
        throw new EvalError(`generated file '${n}' in rule '${rule.label.name}' conflicts with existing ${this.describe(existing)}`);
      }
      const macroViolation = this.macroViolation(n);
      const out: GeneratedFileTarget = { kind: 'generated file', label: l, rule: rule.label, location: loc };
      if (macroViolation) (out as { macroViolation?: string }).macroViolation = macroViolation;
      this.pkg.targets.set(n, out);
      rule.outputs.push(l);
    }
  }

  private describe(t: Target): string {
    switch (t.kind) {
      case 'rule':
        return `${t.ruleClass} rule, defined at ${this.where(t.location)}`;
      case 'generated file':
        return `generated file from rule '${t.rule.name}', defined at ${this.where(t.location)}`;
      case 'source file':
        return `source file, defined at ${this.where(t.location)}`;
      case 'package group':
        return `package group, defined at ${this.where(t.location)}`;
    }
  }

  /** exports_files(srcs, visibility, licenses). */
  exportFiles(names: readonly string[], visibility: readonly Label[] | undefined, loc: Location): void {
    for (const n of names) {
      const err = validateTargetName(n);
      if (err) throw new EvalError(`invalid target name '${n}': ${err}`);
      const existing = this.pkg.targets.get(n);
      if (existing && existing.kind !== 'source file') {
        throw new EvalError(`generated label '${labelToString(this.label(n))}' conflicts with existing ${existing.kind === 'rule' ? existing.ruleClass + ' rule' : existing.kind}`);
      }
      if (existing) {
        existing.visibility = visibility;
        continue;
      }
      const macroViolation = this.macroViolation(n);
      this.pkg.targets.set(n, { kind: 'source file', label: this.label(n), location: loc, visibility: visibility ?? [PUBLIC_VISIBILITY], ...(macroViolation ? { macroViolation } : {}) });
    }
  }

  packageGroup(name: string, packages: readonly string[], includes: readonly Label[], loc: Location): void {
    const err = validateTargetName(name);
    if (err) throw new EvalError(`invalid target name '${name}': ${err}`);
    const existing = this.pkg.targets.get(name);
    if (existing) throw new EvalError(`package group '${name}' in package '${this.pkg.name}' conflicts with existing ${this.describe(existing)}`);
    this.pkg.targets.set(name, { kind: 'package group', label: this.label(name), packages, includes, location: loc });
  }

  /** A glob() call with include patterns. */
  noteGlob(): void {
    this.globbed = true;
  }

  rules(): RuleTarget[] {
    return [...this.pkg.targets.values()].filter((t): t is RuleTarget => t.kind === 'rule');
  }

  /** test_suites without `tests` get `$implicit_tests` (current Bazel: only the tests their tags let through). */
  private setImplicitTests(): void {
    const tests = packageTests(this.pkg.targets.values());
    for (const suite of this.rules()) {
      if (suite.ruleClass !== 'test_suite') continue;
      const listed = suite.attrs.get('tests');
      if (Array.isArray(listed) && listed.length > 0) continue;
      const filter = parseTagFilter(ruleTags(suite));
      const chosen = this.opts.profile.implicitTestsFilteredByTags ? tests.filter((t) => filterReason(t, filter) === undefined) : tests;
      (suite as { implicitTests?: readonly Label[] }).implicitTests = chosen.map((t) => t.label);
    }
  }

  /** A label a rule mentions: a same-package label that names no target yet names a source file, located at the rule. */
  private mention(rule: RuleTarget, l: Label): void {
    if (l.pkg !== this.pkg.name || l.repo !== this.pkg.repo || this.pkg.targets.has(l.name)) return;
    const sub = this.opts.workspace.subpackageCrossed(this.pkg.name, l.name);
    if (sub !== undefined) {
      const rest = l.name.slice(sub.length - (this.pkg.name ? this.pkg.name.length + 1 : 0) + 1);
      this.error(rule.location, `Label '${labelToString(l)}' is invalid because '${sub}' is a subpackage; perhaps you meant to put the colon here: '//${sub}:${rest}'?`);
      rule.inError = true;
      return;
    }
    this.pkg.targets.set(l.name, { kind: 'source file', label: l, location: rule.location });
  }

  /** Ends loading: the BUILD file target and the source files that rules mention. */
  finish(): Package {
    const buildName = this.pkg.buildFile.slice(this.pkg.buildFile.lastIndexOf('/') + 1);
    if (!this.pkg.targets.has(buildName)) {
      this.pkg.targets.set(buildName, {
        kind: 'source file',
        label: this.label(buildName),
        location: { file: this.pkg.buildFile, line: 1, column: 1 },
        isBuildFile: true,
      });
    }
    this.setImplicitTests();
    const rules = this.rules();
    for (let r = 0; r < rules.length; r++) {
      const rule = rules[r]!;
      const specs = mentioningAttributes(rule.schema);
      for (let i = 0; i < specs.length; i++) {
        const s = specs[i]!;
        const v = rule.attrs.get(s.name);
        if (v === undefined) continue;
        if (isLabelType(s.type)) {
          if (v === null) {
            // no labels
          } else if (s.type === 'label' && !(v instanceof Configurable)) this.mention(rule, v as Label);
          else if (s.type === 'label_list' && !(v instanceof Configurable)) {
            const ls = v as readonly Label[];
            for (let j = 0; j < ls.length; j++) this.mention(rule, ls[j]!);
          }
          else for (const l of labelsIn(s.type, v, false)) this.mention(rule, l);
        }
        // Bazel's Rule.getLabels visits select() keys too (of any attribute): a same-package key names a file.
        if (v instanceof Configurable) for (const p of v.parts) if (p.kind === 'selector') for (const b of p.branches) if (!b.isDefault) this.mention(rule, b.key);
      }
      // A Starlark rule class's label defaults (its private attributes too) name the package's files as written
      // labels do (checked with 4.2.3: a missing one "does not exist" rather than "no such target").
      if (rule.schema.definedAt !== undefined) {
        for (const s of defaultLabelAttributes(rule.schema)) {
          if (rule.attrs.has(s.name)) continue;
          const v = defaultAttrValue(rule, s.name);
          if (v !== undefined && v !== null) for (const l of labelsIn(s.type, v, false)) this.mention(rule, l);
        }
      }
    }
    if (this.opts.profile.implicitTestsRepeatedOnRestart && (this.globbed || [...this.pkg.targets.keys()].some((n) => n.includes('/')))) {
      for (const suite of this.rules()) if (suite.implicitTests) (suite as { implicitTestsRepeated?: boolean }).implicitTestsRepeated = true;
    }
    return this.pkg;
  }
}

/** Whether a label occurs twice in the list (most lists are short: compared pairwise, without making strings). */
function hasDuplicate(labels: readonly Label[]): boolean {
  const n = labels.length;
  if (n < 2) return false;
  if (n > 16) return new Set(labels.map(labelToString)).size < n;
  for (let i = 1; i < n; i++) {
    const a = labels[i]!;
    for (let j = 0; j < i; j++) {
      const b = labels[j]!;
      if (a.name === b.name && a.pkg === b.pkg && a.repo === b.repo) return true;
    }
  }
  return false;
}

/** The attributes whose labels (and select() keys) name the package's source files: all but visibility and implicit ones. */
function mentioningAttributes(schema: RuleSchema): readonly AttrSpec[] {
  let out = MENTIONING.get(schema);
  if (!out) MENTIONING.set(schema, (out = allAttributes(schema, true).filter((s) => s.name !== 'visibility' && !s.implicit)));
  return out;
}

const MENTIONING = new WeakMap<RuleSchema, readonly AttrSpec[]>();

/** A Starlark rule class's label attributes that have a default label (private ones included). */
function defaultLabelAttributes(schema: RuleSchema): readonly AttrSpec[] {
  let out = DEFAULT_LABELS.get(schema);
  if (!out) DEFAULT_LABELS.set(schema, (out = allAttributes(schema, true).filter((s) => s.name !== 'visibility' && isLabelType(s.type) && !s.type.startsWith('nodep') && s.default !== null && s.default !== undefined)));
  return out;
}

const DEFAULT_LABELS = new WeakMap<RuleSchema, readonly AttrSpec[]>();

/** The labels that occur twice in some value of a label-list attribute, once each, in the order Bazel reports them. */
function duplicateLabels(v: AttrValue, acrossSelects: boolean): Label[] {
  // AggregatingAttributeMapper.checkForDuplicateLabels. One select() (or none): the duplicates of each value
  // the attribute can take, in branch order. Several concatenated (a plain list counts as a select() of one
  // branch): the duplicates within each branch, then (4.2.3, `acrossSelects`) those across the selects (a label
  // any branch of two selects names; current Bazel checks the configured value in analysis instead). Each list's
  // duplicates come out of a java.util.HashSet, so in its order.
  if (!(v instanceof Configurable) && !hasDuplicate(v as readonly Label[])) return [];
  const parts = v instanceof Configurable ? v.parts : [{ kind: 'value' as const, value: v }];
  const branches = (p: (typeof parts)[number]) => (p.kind === 'value' ? [p.value] : p.branches.map((b) => b.value)).map((x) => (x as readonly Label[] | null) ?? []);
  const found = new Map<string, Label>();
  const addDuplicates = (labels: readonly Label[]) => {
    if (!hasDuplicate(labels)) return;
    const seen = new Set<string>();
    const dups: Label[] = [];
    for (const l of labels) {
      const key = labelToString(l);
      if (seen.has(key)) dups.push(l);
      seen.add(key);
    }
    for (const l of javaHashSetOrder(dups, (x) => javaLabelHash(x.repo, x.pkg, x.name), labelToString)) {
      const key = labelToString(l);
      if (!found.has(key)) found.set(key, l);
    }
  };
  if (parts.length === 1) {
    for (const b of branches(parts[0]!)) addDuplicates(b);
  } else {
    const combined: Label[] = [];
    for (const p of parts) {
      const selectorLabels = new Map<string, Label>();
      for (const b of branches(p)) {
        addDuplicates(b);
        for (const l of b) if (!selectorLabels.has(labelToString(l))) selectorLabels.set(labelToString(l), l);
      }
      combined.push(...selectorLabels.values());
    }
    if (acrossSelects) addDuplicates(combined);
  }
  return [...found.values()];
}

/** The attributes a rule must set (`name` aside), in the schema's order, by attribute list and profile row. */
function mandatoryAttributes(specs: readonly AttrSpec[], nativeShRules: boolean): readonly AttrSpec[] {
  let known = MANDATORY.get(specs);
  if (!known) MANDATORY.set(specs, (known = new Map()));
  let out = known.get(nativeShRules);
  if (!out) known.set(nativeShRules, (out = specs.filter((s) => (s.mandatory || (s.mandatoryWhenNative && nativeShRules)) && s.name !== 'name')));
  return out;
}

const MANDATORY = new WeakMap<readonly AttrSpec[], Map<boolean, readonly AttrSpec[]>>();

/** The output and output-list attributes, in the schema's order. */
function outputAttributes(specs: readonly AttrSpec[]): readonly AttrSpec[] {
  let out = OUTPUTS.get(specs);
  if (!out) OUTPUTS.set(specs, (out = specs.filter((s) => s.type === 'output' || s.type === 'output_list')));
  return out;
}

const OUTPUTS = new WeakMap<readonly AttrSpec[], readonly AttrSpec[]>();
