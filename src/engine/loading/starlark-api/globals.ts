// The predeclared names of .bzl files for declaring build APIs (Bazel's Starlark build API): rule(), attr.*,
// provider(), aspect(), macro(), repository_rule(), module_extension(), tag_class(), config.*, depset(), the
// built-in providers (DefaultInfo, OutputGroupInfo, …) and the small modules rules mention (platform_common,
// config_common, testing, coverage_common).
//
// Each builtin checks its arguments with the one unpacker (starlark's unpackArgs) and Bazel's messages; doc
// strings are trimmed when the value is made, as Bazel does. Nothing here analyses a rule: `implementation` is
// kept, never called.

import type { Profile, StackFrame } from '../../base/index.ts';
import {
  Builtin,
  BuiltinModule,
  Dict,
  EvalError,
  List,
  None,
  Tuple,
  isCallable,
  typeName,
  unpackArgs,
  type ThreadLike,
  type UnpackParam,
  type Value,
} from '../../starlark/index.ts';
import { labelToString, LabelSyntaxError, parseLabelInPackage, type Label } from '../label.ts';
import { BINARY_SHARED, COMMON_SHARED, NATIVE_RULE_SCHEMAS, SHARED_ATTRIBUTES, TEST_SHARED, type AttrDefault, type AttrSpec, type AttrType, type RuleSchema } from '../rules/index.ts';
import { LabelValue } from '../values.ts';
import type { Workspace } from '../workspace.ts';
import { trimDocString } from './doc-string.ts';
import {
  AspectValue,
  AttrDescriptor,
  BuildSetting,
  BZL_DEFINITION_KEY,
  MacroValue,
  makeDepset,
  ModuleExtensionValue,
  OpaqueValue,
  StarlarkTransition,
  ProviderValue,
  ToolchainTypeValue,
  type ToolchainTypeRequest,
  RepositoryRuleValue,
  RuleClass,
  TagClassValue,
  type AttrKind,
  type AttrOptions,
  type BzlDefinition,
  type ProviderRef,
} from './values.ts';

/** What the API needs from the loading layer: the workspace, the profile, and a way to add a rule to a package. */
export interface StarlarkApiHost {
  readonly workspace: Workspace;
  readonly profile: Profile;
  /** True when the thread evaluates a BUILD file (a package is being built). */
  inBuildThread(thread: ThreadLike): boolean;
  /** Adds a rule target to the package being built (the thread's). */
  addRule(thread: ThreadLike, schema: RuleSchema, kwargs: [string, Value][]): void;
  /** Instantiates a symbolic macro in the package being built (the thread's); returns None. */
  instantiateMacro(thread: ThreadLike, macro: MacroValue, args: Value[], kwargs: [string, Value][]): Value;
}

interface ApiThread extends ThreadLike {
  readonly callStack?: readonly StackFrame[];
  readonly threadLocals?: ReadonlyMap<string, unknown>;
}

/** The .bzl file running the builtin (the innermost Starlark frame). */
function callerFile(thread: ThreadLike): string {
  const stack = (thread as ApiThread).callStack ?? [];
  return stack.length > 0 ? stack[stack.length - 1]!.file : '';
}

function named(name: string, def: Value | undefined = None, type?: string): UnpackParam {
  return { name, named: true, positional: false, default: def, type };
}

function docArg(v: Value | undefined, fn: string): string | undefined {
  if (v === undefined || v === None) return undefined;
  if (typeof v !== 'string') throw new EvalError(`in call to ${fn}(), parameter 'doc' got value of type '${typeName(v)}', want 'string or NoneType'`);
  return trimDocString(v);
}

function bool(v: Value | undefined): boolean {
  return v === true || v === 1;
}

function seq(v: Value | undefined): readonly Value[] {
  if (v instanceof List || v instanceof Tuple) return v.elems;
  return [];
}

// ---------------------------------------------------------------------------------------------------------
// attr.*

const LABELISH = ['allow_files', 'allow_rules', 'providers', 'flags', 'cfg', 'aspects', 'skip_validations'];

/** The keyword parameters each attr.<kind>() accepts besides doc and mandatory. */
const ATTR_PARAMS: Readonly<Record<AttrKind, readonly string[]>> = {
  int: ['default', 'values', 'configurable'],
  string: ['default', 'values', 'configurable'],
  bool: ['default', 'configurable'],
  int_list: ['default', 'allow_empty', 'configurable'],
  string_list: ['default', 'allow_empty', 'configurable'],
  label: ['default', 'executable', 'allow_single_file', 'configurable', ...LABELISH],
  label_list: ['default', 'allow_empty', 'configurable', ...LABELISH],
  label_keyed_string_dict: ['default', 'allow_empty', 'configurable', ...LABELISH],
  string_keyed_label_dict: ['default', 'allow_empty', 'configurable', ...LABELISH],
  label_list_dict: ['default', 'allow_empty', 'configurable', ...LABELISH],
  output: [],
  output_list: ['allow_empty'],
  string_dict: ['default', 'allow_empty', 'configurable'],
  string_list_dict: ['default', 'allow_empty', 'configurable'],
  license: ['default'],
};

function providerGroups(v: Value | undefined): ProviderRef[][] {
  const elems = seq(v);
  if (elems.length === 0) return [];
  const ref = (p: Value): ProviderRef => {
    if (p instanceof ProviderValue || typeof p === 'string') return p;
    throw new EvalError(`element in 'providers' is of unexpected type. Either all elements should be providers, or all elements should be lists of providers, but got an element of type ${typeName(p)}.`);
  };
  if (elems.every((e) => e instanceof List || e instanceof Tuple)) return elems.map((g) => seq(g).map(ref));
  return [elems.map(ref)];
}

function makeAttrModule(host: StarlarkApiHost): BuiltinModule {
  const members = new Map<string, Value>();
  const kinds = Object.keys(ATTR_PARAMS) as AttrKind[];
  for (const kind of kinds) {
    const extra = ATTR_PARAMS[kind];
    const params: UnpackParam[] = [named('doc'), named('mandatory', false, 'bool'), ...extra.map((n) => named(n, n === 'default' ? undefined : None))];
    // `default` is optional without a value of its own.
    const sig = params.map((p) => (p.name === 'default' ? { ...p, default: UNSET } : p));
    members.set(
      kind,
      new Builtin(kind, (thread, args, kwargs) => {
        const vals = unpackArgs(kind, args, kwargs, { params: sig as UnpackParam[] });
        const get = (n: string): Value | undefined => {
          const i = sig.findIndex((p) => p.name === n);
          return i < 0 ? undefined : vals[i];
        };
        const def = get('default');
        const pkg = host.workspace.packageOf(callerFile(thread)) ?? '';
        return new AttrDescriptor(kind, {
          doc: docArg(get('doc'), kind),
          default: def === undefined || def === UNSET_VALUE ? undefined : convertDefault(kind, def, pkg, host),
          mandatory: bool(get('mandatory')),
          configurable: get('configurable') === None || get('configurable') === undefined ? kind !== 'output' && kind !== 'output_list' && kind !== 'license' : bool(get('configurable')),
          providers: providerGroups(get('providers')),
          values: seq(get('values')),
          allowFiles: get('allow_files') === None ? undefined : get('allow_files'),
          allowSingleFile: bool(get('allow_single_file')) || seq(get('allow_single_file')).length > 0,
          singleFileTypes: seq(get('allow_single_file')).length > 0 ? seq(get('allow_single_file')).map(String) : undefined,
          allowEmpty: get('allow_empty') === undefined || get('allow_empty') === None || bool(get('allow_empty')),
          executable: bool(get('executable')),
          cfg: get('cfg') === None ? undefined : get('cfg'),
          aspects: seq(get('aspects')),
        });
      }),
    );
  }
  return new BuiltinModule('attr', members, '<attr>');
}

// unpackArgs needs a concrete default; this marker means "not given".
const UNSET_VALUE = new OpaqueValue('unset', '<unset>');
const UNSET: Value = UNSET_VALUE;

/** Converts label strings in an attribute default to Label values, relative to the defining .bzl's package. */
function convertDefault(kind: AttrKind, v: Value, pkg: string, host: StarlarkApiHost): Value {
  if (isCallable(v)) return v; // a computed default
  const label = (s: Value): Value => {
    if (s instanceof LabelValue || s === None) return s;
    if (typeof s !== 'string') throw new EvalError(`expected value of type 'string' for default value of attribute, but got ${typeName(s)}`);
    try {
      return new LabelValue(parseLabelInPackage(s, { repo: '', pkg }, host.profile.labels), host.profile.canonicalLabelStrings);
    } catch (e) {
      if (e instanceof LabelSyntaxError) throw new EvalError(`invalid label '${s}' in default value of attribute: ${e.message}`);
      throw e;
    }
  };
  switch (kind) {
    case 'label':
      return label(v);
    case 'label_list':
      return new List(seq(v).map(label));
    case 'label_keyed_string_dict':
      if (v instanceof Dict) {
        const d = new Dict();
        for (const [k, x] of v.entries()) d.put(label(k), x);
        return d;
      }
      return v;
    case 'string_keyed_label_dict':
      if (v instanceof Dict) {
        const d = new Dict();
        for (const [k, x] of v.entries()) d.put(k, label(x));
        return d;
      }
      return v;
    case 'label_list_dict':
      if (v instanceof Dict) {
        const d = new Dict();
        for (const [k, x] of v.entries()) d.put(k, new List(seq(x).map(label)));
        return d;
      }
      return v;
    default:
      return v;
  }
}

function attrsArg(v: Value | undefined, fn: string): [string, AttrDescriptor][] {
  if (v === undefined || v === None) return [];
  if (!(v instanceof Dict)) throw new EvalError(`in call to ${fn}(), parameter 'attrs' got value of type '${typeName(v)}', want 'dict or NoneType'`);
  const out: [string, AttrDescriptor][] = [];
  for (const [k, a] of v.entries()) {
    if (typeof k !== 'string') throw new EvalError(`got dict<${typeName(k)}, ${typeName(a)}> for 'attrs', want dict<string, Attribute|None>`);
    if (a === None) continue;
    if (!(a instanceof AttrDescriptor)) throw new EvalError(`got dict<string, ${typeName(a)}> for 'attrs', want dict<string, Attribute|None>`);
    out.push([k, a]);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// rule(): the schema a BUILD file instantiates

const KIND_TO_TYPE: Readonly<Record<AttrKind, AttrType>> = {
  int: 'int',
  int_list: 'int_list',
  string: 'string',
  string_list: 'string_list',
  bool: 'bool',
  label: 'label',
  label_list: 'label_list',
  output: 'output',
  output_list: 'output_list',
  string_dict: 'string_dict',
  string_list_dict: 'string_list_dict',
  label_keyed_string_dict: 'label_keyed_string_dict',
  string_keyed_label_dict: 'string_keyed_label_dict',
  label_list_dict: 'label_list_dict',
  license: 'license',
};

function schemaDefault(v: Value): AttrDefault {
  if (v === None || isCallable(v)) return null;
  if (typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number') return v;
  if (v instanceof LabelValue) return labelToString(v.label);
  if (v instanceof List || v instanceof Tuple) return v.elems.map((e) => (e instanceof LabelValue ? labelToString(e.label) : e)) as unknown as AttrDefault;
  if (v instanceof Dict) {
    const o: Record<string, unknown> = {};
    for (const [k, x] of v.entries()) {
      const key = k instanceof LabelValue ? labelToString(k.label) : String(k);
      o[key] = x instanceof LabelValue ? labelToString(x.label) : x instanceof List ? x.elems.map((e) => (e instanceof LabelValue ? labelToString(e.label) : e)) : x;
    }
    return o as unknown as AttrDefault;
  }
  return null;
}

/** `depset(direct = None, order = "default", transitive = None)`. */
export function depsetBuiltin(): Builtin {
  return new Builtin('depset', (_t, args, kwargs) => {
    // `order` is accepted but not modelled: a depset lists transitive elements, then direct ones (makeDepset).
    const [direct, , transitive] = unpackArgs('depset', args, kwargs, {
      params: [{ name: 'direct', named: true, default: None }, named('order', 'default'), named('transitive')],
    });
    return makeDepset(direct!, transitive!);
  });
}

const LABEL_KINDS: ReadonlySet<AttrKind> = new Set(['label', 'label_list', 'label_keyed_string_dict', 'string_keyed_label_dict', 'label_list_dict']);

/**
 * The files a Starlark label attribute accepts: allow_single_file or allow_files (True: any; a list: those endings);
 * neither, no file at all. Every Starlark label attribute checks them (Bazel's strict label checking).
 */
function starlarkFileTypes(o: AttrOptions): Pick<AttrSpec, 'fileTypes' | 'singleFile'> {
  if (o.allowSingleFile) return { fileTypes: o.singleFileTypes ?? 'any', singleFile: true };
  if (o.allowFiles === true) return { fileTypes: 'any' };
  if (o.allowFiles !== undefined && typeof o.allowFiles !== 'boolean') return { fileTypes: seq(o.allowFiles).map(String) };
  return { fileTypes: 'none' };
}

/**
 * An attribute's `cfg`: "exec" or config.exec() makes its dependencies tools built in the exec configuration (so
 * --notool_deps drops them and config(x, target) does not find them); "host" a host tool. "target", config.target()
 * and Starlark transitions (not modelled) leave them in the rule's configuration.
 */
function starlarkTransition(cfg: Value | undefined): Pick<AttrSpec, 'tool' | 'exec' | 'transition'> {
  if (cfg === 'exec' || (cfg instanceof OpaqueValue && cfg.typeName === 'ExecTransitionFactory')) return { tool: true, exec: true };
  if (cfg === 'host') return { tool: true };
  if (cfg instanceof StarlarkTransition) return { transition: cfg };
  return {};
}

/** A rule class's own `cfg` transition (rule(cfg = …)), read when its schema is built. */
const ruleTransitions = new WeakMap<RuleClass, StarlarkTransition>();

/** `values = [...]` of attr.string/attr.int: Bazel's AllowedValueSet (a set: repeats dropped; empty: no check). */
function allowedValues(values: readonly Value[]): Pick<AttrSpec, 'allowedValues'> {
  const out: (string | number | boolean)[] = [];
  for (const v of values) if ((typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') && !out.includes(v)) out.push(v);
  return out.length > 0 ? { allowedValues: out } : {};
}

/** The loading schema of a Starlark rule class (built once, after it was exported). */
const schemas = new WeakMap<RuleClass, RuleSchema>();
export function ruleSchemaOf(rule: RuleClass): RuleSchema {
  let s = schemas.get(rule);
  if (s) return s;
  const attrs: AttrSpec[] = rule.attrs.map(([name, a]) => ({
    name,
    type: KIND_TO_TYPE[a.kind],
    default: a.opts.mandatory ? undefined : schemaDefault(a.defaultValue),
    mandatory: a.opts.mandatory || undefined,
    configurable: a.opts.configurable,
    implicit: name.startsWith('_') || undefined,
    ...(LABEL_KINDS.has(a.kind) ? starlarkFileTypes(a.opts) : {}),
    ...(LABEL_KINDS.has(a.kind) ? starlarkTransition(a.opts.cfg) : {}),
    nonEmpty: !a.opts.allowEmpty || undefined,
    ...allowedValues(a.opts.values),
    doc: a.opts.doc ?? '',
  }));
  const bs = rule.buildSetting;
  if (bs) {
    // Bazel adds the mandatory build_setting_default attribute, of the setting's type, after the rule's own.
    const type = bs.type === 'int' ? 'int' : bs.type === 'bool' ? 'bool' : bs.type === 'string' ? 'string' : 'string_list';
    attrs.push({ name: 'build_setting_default', type, mandatory: true, configurable: false, doc: 'The value of the setting when it is not set.' });
  }
  const outputs = rule.outputs;
  s = {
    buildSetting: bs ? { type: bs.type, flag: bs.flag, repeatable: bs.allowMultiple || undefined } : undefined,
    name: rule.name,
    doc: rule.doc ?? '',
    attrs,
    shared: rule.test ? TEST_SHARED : rule.executable ? BINARY_SHARED : COMMON_SHARED,
    test: rule.test || undefined,
    definedAt: rule.definedAt,
    definition: rule.definition,
    implicitOutputs: outputs.length > 0 ? (n) => outputs.map(([, t]) => t.replace(/%\{name\}/g, n)) : undefined,
    ...(rule.toolchains.length > 0 ? { toolchains: rule.toolchains } : {}),
    ...(ruleTransitions.has(rule) ? { ruleTransition: ruleTransitions.get(rule)! } : {}),
  };
  schemas.set(rule, s);
  return s;
}

function makeRule(host: StarlarkApiHost): Builtin {
  const params: UnpackParam[] = [
    { name: 'implementation', named: true },
    ...[
      'test', 'attrs', 'outputs', 'executable', 'output_to_genfiles', 'fragments', 'host_fragments', '_skylark_testable',
      'toolchains', 'doc', 'provides', 'dependency_resolution_rule', 'exec_compatible_with', 'analysis_test',
      'build_setting', 'cfg', 'exec_groups', 'initializer', 'parent', 'extendable', 'subrules',
    ].map((n) => named(n)),
  ];
  return new Builtin('rule', (thread, args, kwargs) => {
    const v = unpackArgs('rule', args, kwargs, { params });
    const get = (n: string) => v[params.findIndex((p) => p.name === n)];
    const impl = get('implementation')!;
    if (!isCallable(impl)) throw new EvalError(`in call to rule(), parameter 'implementation' got value of type '${typeName(impl)}', want 'callable'`);
    const test = bool(get('test'));
    const executable = test || bool(get('executable'));
    const bs = get('build_setting');
    const outs = get('outputs');
    const outputs: [string, string][] = [];
    if (outs instanceof Dict) for (const [k, t] of outs.entries()) if (typeof k === 'string' && typeof t === 'string') outputs.push([k, t]);
    const provides = seq(get('provides')).map((p) => {
      if (p instanceof ProviderValue || typeof p === 'string') return p;
      throw new EvalError(`element in 'provides' is of unexpected type. Should be list of providers, but got item of type ${typeName(p)}.`);
    });
    // A rule's own `cfg` must be a rule transition (StarlarkRuleClassFunctions): config.exec() is for attributes.
    const cfg = get('cfg');
    if (cfg instanceof OpaqueValue && cfg.typeName === 'ExecTransitionFactory') {
      throw new EvalError('`cfg` must be set to a transition appropriate for a rule, not an attribute-specific transition.');
    }
    if (cfg !== undefined && cfg !== None && !(cfg instanceof OpaqueValue && cfg.typeName === 'transition')) {
      throw new EvalError('`cfg` must be set to a transition object initialized by the transition() function.');
    }
    const attrs = attrsArg(get('attrs'), 'rule');
    const bzlPkg = host.workspace.packageOf(callerFile(thread)) ?? '';
    const toolchains = seq(get('toolchains')).map((t) => toolchainRequest(t, bzlPkg, host));
    const shared = test ? TEST_SHARED : executable ? BINARY_SHARED : COMMON_SHARED;
    for (const [n] of attrs) {
      if (n === 'name' || (shared as readonly string[]).includes(n)) throw new EvalError(`There is already a built-in attribute '${n}' which cannot be overridden.`);
    }
    const ruleClass = new RuleClass(
      docArg(get('doc'), 'rule'),
      attrs,
      executable,
      test,
      provides,
      impl,
      bs instanceof BuildSetting ? bs : undefined,
      outputs,
      (rule, t, a, kw) => {
        if (!host.inBuildThread(t)) {
          throw new EvalError('Cannot instantiate a rule when loading a .bzl file. Rules may be instantiated only in a BUILD thread.');
        }
        if (rule.exportedName === undefined) throw new EvalError('Invalid rule class hasn\'t been exported by a bzl file');
        if (a.length > 0) throw new EvalError(`${rule.name}() got unexpected positional argument`);
        host.addRule(t, ruleSchemaOf(rule), kw);
        return None;
      },
      [...((thread as ApiThread).callStack ?? [])],
      ((thread as ApiThread).threadLocals?.get(BZL_DEFINITION_KEY) as BzlDefinition | undefined) ?? {},
      toolchains,
    );
    if (cfg instanceof StarlarkTransition) ruleTransitions.set(ruleClass, cfg);
    return ruleClass;
  });
}

// ---------------------------------------------------------------------------------------------------------
// provider(), aspect(), macro(), repository_rule(), module_extension(), tag_class()

function makeProvider(): Builtin {
  return new Builtin('provider', (_thread, args, kwargs) => {
    const [doc, fields, init] = unpackArgs('provider', args, kwargs, {
      params: [{ name: 'doc', named: true, default: None }, named('fields'), named('init')],
    });
    let schema: [string, string | undefined][] | undefined;
    if (fields instanceof List || fields instanceof Tuple) {
      schema = fields.elems.map((f) => {
        if (typeof f !== 'string') throw new EvalError(`in call to provider(), parameter 'fields' got a sequence containing ${typeName(f)}, want string`);
        return [f, undefined];
      });
    } else if (fields instanceof Dict) {
      schema = [];
      for (const [k, d] of fields.entries()) {
        if (typeof k !== 'string') throw new EvalError(`in call to provider(), parameter 'fields' got dict<${typeName(k)}, ...>, want dict<string, string>`);
        schema.push([k, typeof d === 'string' ? trimDocString(d) : undefined]);
      }
    } else if (fields !== None) {
      throw new EvalError(`in call to provider(), parameter 'fields' got value of type '${typeName(fields!)}', want 'sequence or dict or NoneType'`);
    }
    if (init !== None && !isCallable(init!)) {
      throw new EvalError(`in call to provider(), parameter 'init' got value of type '${typeName(init!)}', want 'callable or NoneType'`);
    }
    const p = new ProviderValue(docArg(doc, 'provider'), schema, init === None ? undefined : init);
    if (init === None) return p;
    const raw = new Builtin(`<raw constructor for ${p.name}>`, (_t, a, kw) => p.construct(a, kw));
    return new Tuple([p, raw]);
  });
}

function makeAspect(): Builtin {
  const names = [
    'attr_aspects', 'toolchains_aspects', 'attrs', 'required_providers', 'required_aspect_providers', 'provides',
    'requires', 'propagation_predicate', 'fragments', 'host_fragments', 'toolchains', 'doc', 'apply_to_generating_rules',
    'exec_compatible_with', 'exec_groups', 'subrules',
  ];
  const params: UnpackParam[] = [{ name: 'implementation', named: true }, ...names.map((n) => named(n))];
  return new Builtin('aspect', (_thread, args, kwargs) => {
    const v = unpackArgs('aspect', args, kwargs, { params });
    const get = (n: string) => v[params.findIndex((p) => p.name === n)];
    const aa = get('attr_aspects');
    const attrAspects = aa === None ? [] : aa instanceof List || aa instanceof Tuple ? aa.elems.map(String) : undefined;
    return new AspectValue(docArg(get('doc'), 'aspect'), attrAspects, attrsArg(get('attrs'), 'aspect'), get('implementation')!);
  });
}

function makeMacro(host: StarlarkApiHost): Builtin {
  const params: UnpackParam[] = [
    { name: 'implementation', named: true },
    named('attrs'),
    named('inherit_attrs'),
    named('finalizer', false),
    named('doc'),
  ];
  return new Builtin('macro', (thread, args, kwargs) => {
    if (host.inBuildThread(thread)) throw new EvalError('macro() can only be used during .bzl initialization');
    const [impl, attrs, inheritAttrs, finalizer, doc] = unpackArgs('macro', args, kwargs, { params });
    const own = attrsArg(attrs, 'macro');
    // Names the attrs dict mentions, None ones included: those are never inherited.
    const named = new Set(attrs instanceof Dict ? [...attrs.entries()].map(([k]) => String(k)) : []);
    const inherited = inheritAttrs === None ? [] : inheritableAttrs(inheritAttrs!).filter(([n]) => !named.has(n));
    return new MacroValue(docArg(doc, 'macro'), [...own, ...inherited], bool(finalizer), impl!, (m, t, a, kw) => {
      if (!host.inBuildThread(t)) throw new EvalError('Cannot instantiate a macro when loading a .bzl file. Macros may be instantiated only in a BUILD thread.');
      if (m.exportedName === undefined) throw new EvalError('Cannot instantiate a macro that has not been exported (assign it to a global variable in the .bzl where it\'s defined)');
      return host.instantiateMacro(t, m, a, kw);
    });
  });
}

/** Native attributes Bazel does not document, hence never inherits (stardoc's symbolic_macro_inherit_attrs_test golden). */
const UNINHERITED_NATIVE_ATTRIBUTES = new Set(['aspect_hints', 'licenses', 'transitive_configs']);

/** A native attribute's type as a Starlark attribute kind: each kind is a type of its own (KIND_TO_TYPE), the native-only types the nearest kind. */
const TYPE_TO_KIND: Readonly<Record<AttrType, AttrKind>> = {
  ...(Object.fromEntries(Object.keys(KIND_TO_TYPE).map((k) => [k, k])) as Record<AttrKind, AttrKind>),
  nodep_label: 'label',
  nodep_label_list: 'label_list',
  tristate: 'int',
  distribs: 'string_list',
};

/**
 * macro(inherit_attrs = …): the attributes a symbolic macro takes over from a rule, a macro, or "common" (the
 * attributes every Starlark rule has). name and visibility are never inherited, nor hidden (`_`) or undocumented
 * native ones; a non-mandatory inherited attribute defaults to None, so a value absent from the macro's call stays
 * absent when the macro forwards it to the wrapped rule.
 */
function inheritableAttrs(from: Value): [string, AttrDescriptor][] {
  const starlark: (readonly [string, AttrDescriptor])[] = [];
  let schema: RuleSchema | undefined;
  if (from instanceof RuleClass) {
    starlark.push(...from.attrs);
    schema = ruleSchemaOf(from);
  } else if (from instanceof MacroValue) {
    starlark.push(...from.attrs);
  } else if (from === 'common') {
    schema = { name: 'common', doc: '', attrs: [], shared: COMMON_SHARED };
  } else if (typeof from === 'object' && from !== null && NATIVE_RULE_SCHEMAS.has(from)) {
    schema = NATIVE_RULE_SCHEMAS.get(from);
  } else {
    throw new EvalError(`Invalid 'inherit_attrs' value ${typeName(from)}; expected a rule, a macro, or "common"`);
  }
  const out: [string, AttrDescriptor][] = [];
  const seen = new Set<string>();
  const add = (name: string, d: AttrDescriptor) => {
    if (name === 'name' || name === 'visibility' || name.startsWith('_') || seen.has(name)) return;
    seen.add(name);
    out.push([name, d.opts.mandatory ? d : new AttrDescriptor(d.kind, { ...d.opts, default: None })]);
  };
  for (const [n, d] of starlark) add(n, d);
  if (schema) {
    const natives: AttrSpec[] = [];
    if (!(from instanceof RuleClass)) natives.push(...schema.attrs.filter((a) => !a.implicit));
    for (const n of schema.shared) {
      const a = SHARED_ATTRIBUTES[n];
      if (a && !UNINHERITED_NATIVE_ATTRIBUTES.has(n) && !schema.attrs.some((x) => x.name === n)) natives.push(a);
    }
    for (const a of natives) {
      add(a.name, new AttrDescriptor(TYPE_TO_KIND[a.type], {
        mandatory: !!a.mandatory,
        configurable: a.configurable ?? true,
        providers: [],
        values: [],
        allowEmpty: true,
        executable: false,
        aspects: [],
        nativelyDefined: true,
      }));
    }
  }
  return out;
}

function makeRepositoryRule(): Builtin {
  const params: UnpackParam[] = [
    { name: 'implementation', named: true },
    ...['attrs', 'local', 'environ', 'configure', 'remotable', 'doc'].map((n) => named(n)),
  ];
  return new Builtin('repository_rule', (_thread, args, kwargs) => {
    const [impl, attrs, , environ, , , doc] = unpackArgs('repository_rule', args, kwargs, { params });
    return new RepositoryRuleValue(docArg(doc, 'repository_rule'), attrsArg(attrs, 'repository_rule'), seq(environ).map(String), impl!);
  });
}

function makeTagClass(): Builtin {
  return new Builtin('tag_class', (_thread, args, kwargs) => {
    const [attrs, doc] = unpackArgs('tag_class', args, kwargs, { params: [{ name: 'attrs', named: true, default: new Dict() }, named('doc')] });
    return new TagClassValue(docArg(doc, 'tag_class'), attrsArg(attrs, 'tag_class'));
  });
}

function makeModuleExtension(host: StarlarkApiHost): Builtin {
  const params: UnpackParam[] = [
    { name: 'implementation', named: true },
    ...['tag_classes', 'doc', 'environ', 'os_dependent', 'arch_dependent'].map((n) => named(n)),
  ];
  return new Builtin('module_extension', (thread, args, kwargs) => {
    const [impl, tagClasses, doc] = unpackArgs('module_extension', args, kwargs, { params });
    const tcs: [string, TagClassValue][] = [];
    if (tagClasses instanceof Dict) {
      for (const [k, t] of tagClasses.entries()) {
        if (typeof k === 'string' && t instanceof TagClassValue) tcs.push([k, t]);
        else throw new EvalError(`got dict<${typeName(k)}, ${typeName(t)}> for 'tag_classes', want dict<string, tag_class>`);
      }
    }
    const file = callerFile(thread);
    const pkg = host.workspace.packageOf(file);
    const definedIn: Label | undefined = pkg === undefined ? undefined : { repo: '', pkg, name: file.slice(pkg ? pkg.length + 1 : 0) };
    return new ModuleExtensionValue(docArg(doc, 'module_extension'), tcs, impl!, definedIn);
  });
}

// ---------------------------------------------------------------------------------------------------------
// config.*, built-in providers and small modules

function makeConfigModule(): BuiltinModule {
  const m = new Map<string, Value>();
  const setting = (type: string, extra: string[]) =>
    new Builtin(type, (_t, args, kwargs) => {
      const v = unpackArgs(type, args, kwargs, { params: [named('flag', false), ...extra.map((n) => named(n, false))] });
      return new BuildSetting(type, bool(v[0]), v.slice(1).some(bool));
    });
  m.set('int', setting('int', []));
  m.set('bool', setting('bool', []));
  m.set('string', setting('string', ['allow_multiple']));
  m.set('string_list', setting('string_list', ['repeatable']));
  m.set('string_set', setting('string_set', ['repeatable']));
  m.set('exec', new Builtin('exec', (_t, args, kwargs) => {
    unpackArgs('exec', args, kwargs, { params: [{ name: 'exec_group', named: true, default: None }] });
    return new OpaqueValue('ExecTransitionFactory', '<config.exec>');
  }));
  m.set('target', new Builtin('target', (_t, args, kwargs) => {
    unpackArgs('target', args, kwargs, { params: [] });
    return new OpaqueValue('transition', '<config.target>');
  }));
  m.set('none', new Builtin('none', (_t, args, kwargs) => {
    unpackArgs('none', args, kwargs, { params: [] });
    return new OpaqueValue('transition', '<config.none>');
  }));
  return new BuiltinModule('config', m, '<config>');
}

function builtinProvider(name: string): ProviderValue {
  return new ProviderValue(undefined, undefined, undefined, name);
}

/** A toolchain type named in a .bzl (a string relative to its package, a Label, or config_common.toolchain_type()). */
function toolchainRequest(v: Value, pkg: string, host: StarlarkApiHost, mandatory = true): ToolchainTypeRequest {
  if (v instanceof ToolchainTypeValue) return v.request;
  if (v instanceof LabelValue) return { type: v.label, mandatory };
  if (typeof v !== 'string') throw new EvalError(`Illegal argument: element in 'toolchains' is of unexpected type. Either all elements should be strings, or all should be toolchain_type objects, but got item of type ${typeName(v)}.`);
  // Bazel 4.2.3 parses them as absolute labels (checked).
  if (host.profile.labels === 'bazel4' && !v.startsWith('//') && !v.startsWith('@')) throw new EvalError(`Unable to parse toolchain label '${v}': invalid label: ${v}`);
  try {
    return { type: parseLabelInPackage(v, { repo: '', pkg }, host.profile.labels), mandatory };
  } catch (e) {
    if (e instanceof LabelSyntaxError) throw new EvalError(`invalid label '${v}' in toolchains: ${e.message}`);
    throw e;
  }
}

function makeToolchainType(host: StarlarkApiHost): Builtin {
  return new Builtin('toolchain_type', (thread, args, kwargs) => {
    const [name, mandatory] = unpackArgs('toolchain_type', args, kwargs, { params: [{ name: 'name' }, named('mandatory', true, 'bool')] });
    const pkg = host.workspace.packageOf(callerFile(thread)) ?? '';
    return new ToolchainTypeValue(toolchainRequest(name!, pkg, host, mandatory !== false));
  });
}

/** A builtin that accepts any arguments and returns an opaque value of the given type. */
/** transition(implementation, inputs, outputs): kept for analysis to apply. */
function makeTransition(host: StarlarkApiHost): Builtin {
  return new Builtin('transition', (thread, args, kwargs) => {
    const [impl, inputs, outputs] = unpackArgs('transition', args, kwargs, {
      params: [{ name: 'implementation', named: true }, { name: 'inputs', named: true }, { name: 'outputs', named: true }],
    });
    if (!isCallable(impl!)) throw new EvalError(`in call to transition(), parameter 'implementation' got value of type '${typeName(impl!)}', want 'callable'`);
    const strings = (v: Value | undefined, what: string) =>
      seq(v).map((x) => {
        if (typeof x !== 'string') throw new EvalError(`in call to transition(), parameter '${what}' got a sequence containing ${typeName(x)}, want string`);
        return x;
      });
    return new StarlarkTransition(impl!, strings(inputs, 'inputs'), strings(outputs, 'outputs'), host.workspace.packageOf(callerFile(thread)) ?? '');
  });
}

function opaqueFn(name: string, type: string): Builtin {
  return new Builtin(name, () => new OpaqueValue(type, `<${type}>`));
}

/** The .bzl predeclared names this module defines. */
export function starlarkApiGlobals(host: StarlarkApiHost): Map<string, Value> {
  const g = new Map<string, Value>();
  g.set('rule', makeRule(host));
  g.set('attr', makeAttrModule(host));
  g.set('provider', makeProvider());
  g.set('aspect', makeAspect());
  if (host.profile.symbolicMacros) g.set('macro', makeMacro(host));
  g.set('repository_rule', makeRepositoryRule());
  g.set('module_extension', makeModuleExtension(host));
  g.set('tag_class', makeTagClass());
  g.set('config', makeConfigModule());
  g.set('depset', depsetBuiltin());
  for (const p of ['DefaultInfo', 'OutputGroupInfo', 'RunEnvironmentInfo', 'InstrumentedFilesInfo', 'PackageSpecificationInfo', 'CcInfo', 'PyInfo']) {
    g.set(p, builtinProvider(p));
  }
  g.set('exec_group', opaqueFn('exec_group', 'exec_group'));
  g.set('transition', makeTransition(host));
  g.set('analysis_test_transition', opaqueFn('analysis_test_transition', 'transition'));
  g.set('subrule', opaqueFn('subrule', 'subrule'));
  g.set('configuration_field', opaqueFn('configuration_field', 'LateBoundDefault'));
  g.set('visibility', new Builtin('visibility', () => None));
  g.set(
    'platform_common',
    new BuiltinModule(
      'platform_common',
      new Map<string, Value>([
        ['ToolchainInfo', builtinProvider('ToolchainInfo')],
        ['TemplateVariableInfo', builtinProvider('TemplateVariableInfo')],
        ['ConstraintSettingInfo', builtinProvider('ConstraintSettingInfo')],
        ['ConstraintValueInfo', builtinProvider('ConstraintValueInfo')],
        ['PlatformInfo', builtinProvider('PlatformInfo')],
      ]),
      '<platform_common>',
    ),
  );
  g.set(
    'config_common',
    new BuiltinModule(
      'config_common',
      new Map<string, Value>([
        ['FeatureFlagInfo', builtinProvider('FeatureFlagInfo')],
        ['toolchain_type', makeToolchainType(host)],
      ]),
      '<config_common>',
    ),
  );
  g.set(
    'testing',
    new BuiltinModule(
      'testing',
      new Map<string, Value>([
        ['ExecutionInfo', builtinProvider('ExecutionInfo')],
        ['TestEnvironment', opaqueFn('TestEnvironment', 'RunEnvironmentInfo')],
        ['analysis_test', new Builtin('analysis_test', () => None)],
      ]),
      '<testing>',
    ),
  );
  g.set(
    'coverage_common',
    new BuiltinModule('coverage_common', new Map<string, Value>([['instrumented_files_info', opaqueFn('instrumented_files_info', 'InstrumentedFilesInfo')]]), '<coverage_common>'),
  );
  return g;
}
