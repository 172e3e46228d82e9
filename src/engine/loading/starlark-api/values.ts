// The values .bzl files create to declare build APIs: rule classes, attribute descriptors, providers, aspects,
// symbolic macros, repository rules, module extensions, tag classes and build settings.
//
// They keep what documentation and loading need (doc strings already trimmed, attributes in declaration order,
// `provides`, the defining file) and nothing of analysis. Rules, providers, aspects, macros and repository rules
// are *exportable*: they get their name when first assigned to a global of the .bzl file that defines them
// (Bazel's StarlarkExportable, driven by the interpreter's postAssign hook, see `exportValue`).

import {
  Dict,
  EvalError,
  List,
  None,
  Struct,
  Tuple,
  repr,
  typeName,
  type Callable,
  type StarlarkValue,
  type ThreadLike,
  type Value,
} from '../../starlark/index.ts';
import type { StackFrame } from '../../base/index.ts';
import { labelToString, type Label } from '../label.ts';

let nextId = 1;

/** A value that takes its name from the global it is first assigned to. */
export interface Exportable {
  readonly exportedName: string | undefined;
  /** The .bzl file whose global first held it. */
  readonly exportedFrom: Label | undefined;
  export(name: string, file: Label): void;
}

export function isExportable(v: Value): v is Value & Exportable {
  return (
    v instanceof RuleClass ||
    v instanceof ProviderValue ||
    v instanceof AspectValue ||
    v instanceof MacroValue ||
    v instanceof RepositoryRuleValue
  );
}

/** The postAssign hook of .bzl files: names the exportable value assigned to a global of `file`. */
export function exportValue(value: Value, name: string, file: Label): void {
  if (isExportable(value) && value.exportedName === undefined) value.export(name, file);
}

abstract class ExportableBase implements StarlarkValue, Exportable {
  abstract readonly typeName: string;
  private readonly id = nextId++;
  exportedName: string | undefined;
  exportedFrom: Label | undefined;

  export(name: string, file: Label): void {
    this.exportedName = name;
    this.exportedFrom = file;
  }
  abstract repr(out: string[]): void;
  truth(): boolean {
    return true;
  }
  freeze(): void {}
  hash(): number {
    return this.id;
  }
}

/** How a Starlark attribute descriptor was made: the `attr.<kind>` function. */
export type AttrKind =
  | 'int'
  | 'int_list'
  | 'string'
  | 'string_list'
  | 'bool'
  | 'label'
  | 'label_list'
  | 'output'
  | 'output_list'
  | 'string_dict'
  | 'string_list_dict'
  | 'label_keyed_string_dict'
  | 'string_keyed_label_dict'
  | 'label_list_dict'
  | 'license';

/** One alternative of `providers = [...]`: the providers (or legacy provider names) a dependency must have. */
export type ProviderRef = ProviderValue | string;

export interface AttrOptions {
  readonly doc?: string;
  /** The default as given (labels already converted to Label values); undefined: the kind's own default. */
  readonly default?: Value;
  readonly mandatory: boolean;
  readonly configurable: boolean;
  readonly providers: readonly (readonly ProviderRef[])[];
  readonly values: readonly Value[];
  /** allow_files / allow_single_file as given (True, a list of extensions, or undefined). */
  readonly allowFiles?: Value;
  readonly allowSingleFile?: boolean;
  /** allow_single_file's file types when it was given a list of extensions. */
  readonly singleFileTypes?: readonly string[];
  /** allow_empty (lists and dicts; default True). */
  readonly allowEmpty: boolean;
  readonly executable: boolean;
  readonly cfg?: Value;
  readonly aspects: readonly Value[];
  /** A symbolic macro's attribute copied from a rule's native attribute (`inherit_attrs`). */
  readonly nativelyDefined?: boolean;
}

/** The value of `attr.label(...)` and friends: Bazel's Attribute descriptor. */
export class AttrDescriptor implements StarlarkValue {
  readonly typeName = 'Attribute';
  constructor(
    readonly kind: AttrKind,
    readonly opts: AttrOptions,
  ) {}

  repr(out: string[]): void {
    out.push('<attr.', this.kind, '>');
  }
  truth(): boolean {
    return true;
  }
  freeze(): void {}

  /** The default value, the kind's own when none was given (ModuleInfoExtractorTest#attributeTypes). */
  get defaultValue(): Value {
    if (this.opts.default !== undefined) return this.opts.default;
    return kindDefault(this.kind);
  }
}

/** The default of an attribute kind when `default` is not given. */
export function kindDefault(kind: AttrKind): Value {
  switch (kind) {
    case 'int':
      return 0;
    case 'string':
      return '';
    case 'bool':
      return false;
    case 'label':
    case 'output':
      return None;
    case 'int_list':
    case 'string_list':
    case 'label_list':
    case 'output_list':
      return new List([]);
    case 'license':
      // Bazel's License.NO_LICENSE, which Starlark sees as ["none"] (ModuleInfoExtractorTest#ruleAttributes).
      return new List(['none']);
    case 'string_dict':
    case 'string_list_dict':
    case 'label_keyed_string_dict':
    case 'string_keyed_label_dict':
    case 'label_list_dict':
      return new Dict();
  }
}

/** The thread-local a .bzl evaluation carries: what its rule classes learn once it is done (its digest). */
export const BZL_DEFINITION_KEY = 'rulepen.bzl-definition';
export interface BzlDefinition {
  /** The module's transitive digest, hex (set when its evaluation ends): Bazel's `$rule_implementation_hash`. */
  digest?: string;
}

/** A rule class made by `rule(...)`; calling it in a BUILD file creates a target. */
export class RuleClass extends ExportableBase implements Callable {
  readonly typeName = 'rule';
  constructor(
    readonly doc: string | undefined,
    /** Declared attributes in declaration order (`name` excluded). */
    readonly attrs: readonly (readonly [string, AttrDescriptor])[],
    readonly executable: boolean,
    readonly test: boolean,
    readonly provides: readonly ProviderRef[],
    readonly implementation: Value,
    readonly buildSetting: BuildSetting | undefined,
    /** Legacy `outputs = {"out": "%{name}.txt"}` templates. */
    readonly outputs: readonly (readonly [string, string])[],
    private readonly instantiate: (rule: RuleClass, thread: ThreadLike, args: Value[], kwargs: [string, Value][]) => Value,
    /** The call stack at the rule() call, outermost first (query --output=build prints it as "defined at"). */
    readonly definedAt: readonly StackFrame[] = [],
    /** The .bzl module that called rule(). */
    readonly definition: BzlDefinition = {},
    /** The toolchain types rule(toolchains = …) requests, relative labels resolved against the .bzl's package. */
    readonly toolchains: readonly ToolchainTypeRequest[] = [],
  ) {
    super();
  }

  get name(): string {
    return this.exportedName ?? 'unexported rule';
  }

  override export(name: string, file: Label): void {
    if (this.test !== name.endsWith('_test')) {
      throw new EvalError(`Invalid rule class name '${name}', test rule class names must end with '_test' and other rule classes must not`);
    }
    super.export(name, file);
  }

  call(thread: ThreadLike, args: Value[], kwargs: [string, Value][]): Value {
    return this.instantiate(this, thread, args, kwargs);
  }

  repr(out: string[]): void {
    out.push(this.exportedName ? `<rule ${this.exportedName}>` : '<rule>');
  }
}

/** A provider: Starlark-defined by `provider(...)`, or one of Bazel's built-in providers (DefaultInfo, …). */
export class ProviderValue extends ExportableBase implements Callable {
  readonly typeName = 'Provider';
  constructor(
    readonly doc: string | undefined,
    /** Field names and their docs, in declaration order; undefined when the provider has no schema. */
    readonly fields: readonly (readonly [string, string | undefined])[] | undefined,
    readonly init: Value | undefined,
    /** The name of a built-in provider (its origin file is `<native>`). */
    readonly builtinName?: string,
  ) {
    super();
    if (builtinName) this.exportedName = builtinName;
  }

  get name(): string {
    return this.exportedName ?? 'unexported provider';
  }

  get isBuiltin(): boolean {
    return this.builtinName !== undefined;
  }

  call(thread: ThreadLike, args: Value[], kwargs: [string, Value][]): Value {
    if (this.init === undefined) return this.construct(args, kwargs);
    const r = thread.call(this.init, args, kwargs);
    if (!(r instanceof Dict)) throw new EvalError(`init for provider ${this.name} must return a dict, got ${repr(r)}`);
    const kw: [string, Value][] = [];
    for (const [k, v] of r.entries()) {
      if (typeof k !== 'string') throw new EvalError(`init for provider ${this.name} returned a dict with a non-string key`);
      kw.push([k, v]);
    }
    return this.construct([], kw);
  }

  /** The raw constructor: fields as keyword arguments, checked against the schema. */
  construct(args: Value[], kwargs: [string, Value][]): Value {
    if (args.length > 0) throw new EvalError(`${this.name}: unexpected positional arguments`);
    if (this.builtinName === 'DefaultInfo') checkDefaultInfo(kwargs);
    if (this.fields) {
      const allowed = new Set(this.fields.map(([f]) => f));
      const bad = kwargs.filter(([k]) => !allowed.has(k)).map(([k]) => k);
      if (bad.length > 0) {
        throw new EvalError(`got unexpected field${bad.length > 1 ? 's' : ''} '${bad.join("', '")}' in call to instantiate provider ${this.name}`);
      }
    }
    return new ProviderInstance(this, kwargs);
  }

  repr(out: string[]): void {
    out.push('<provider>');
  }
}

/** DefaultInfo's runfiles arguments (DefaultInfoApi): runfiles objects, and `runfiles` alone or the other two. */
function checkDefaultInfo(kwargs: readonly (readonly [string, Value])[]): void {
  const given = new Set<string>();
  for (const [k, v] of kwargs) {
    if (k !== 'runfiles' && k !== 'data_runfiles' && k !== 'default_runfiles') continue;
    if (v === None) continue;
    if (typeName(v) !== 'runfiles') throw new EvalError(`in call to DefaultInfo(), parameter '${k}' got value of type '${typeName(v)}', want 'runfiles or NoneType'`);
    given.add(k);
  }
  if (given.has('runfiles') && (given.has('data_runfiles') || given.has('default_runfiles'))) {
    throw new EvalError("Cannot specify the provider 'runfiles' together with 'data_runfiles' or 'default_runfiles'");
  }
}

/** An instance of a provider: a struct whose type is the provider's name. */
export class ProviderInstance extends Struct {
  override readonly typeName: string;
  constructor(
    readonly provider: ProviderValue,
    fields: Iterable<readonly [string, Value]>,
  ) {
    super(fields);
    this.typeName = provider.name;
  }

  /** `MyInfo(a = 1)`: the provider's name where a struct says `struct`. */
  override repr(out: string[], seen: Set<object>): void {
    const start = out.length;
    super.repr(out, seen);
    out[start] = `${this.provider.name}(`;
  }
}

/** An aspect made by `aspect(...)`. */
export class AspectValue extends ExportableBase {
  readonly typeName = 'Aspect';
  constructor(
    readonly doc: string | undefined,
    /** `attr_aspects` as a list of attribute names; undefined when it is a function. */
    readonly attrAspects: readonly string[] | undefined,
    readonly attrs: readonly (readonly [string, AttrDescriptor])[],
    readonly implementation: Value,
  ) {
    super();
  }
  repr(out: string[]): void {
    out.push('<aspect>');
  }
}

/** A symbolic macro made by `macro(...)` (profile row symbolicMacros). */
export class MacroValue extends ExportableBase implements Callable {
  readonly typeName = 'macro';
  constructor(
    readonly doc: string | undefined,
    readonly attrs: readonly (readonly [string, AttrDescriptor])[],
    readonly finalizer: boolean,
    readonly implementation: Value,
    private readonly instantiate: (m: MacroValue, thread: ThreadLike, args: Value[], kwargs: [string, Value][]) => Value,
  ) {
    super();
  }
  get name(): string {
    return this.exportedName ?? 'unexported macro';
  }
  call(thread: ThreadLike, args: Value[], kwargs: [string, Value][]): Value {
    return this.instantiate(this, thread, args, kwargs);
  }
  repr(out: string[]): void {
    out.push(this.exportedName ? `<macro ${this.exportedName}>` : '<macro>');
  }
}

/** A repository rule made by `repository_rule(...)`. */
export class RepositoryRuleValue extends ExportableBase implements Callable {
  readonly typeName = 'repository_rule';
  constructor(
    readonly doc: string | undefined,
    readonly attrs: readonly (readonly [string, AttrDescriptor])[],
    readonly environ: readonly string[],
    readonly implementation: Value,
  ) {
    super();
  }
  get name(): string {
    return this.exportedName ?? 'unexported repository rule';
  }
  call(): Value {
    throw new EvalError('repository rules can only be called from within module extension implementation functions');
  }
  repr(out: string[]): void {
    out.push('<repository_rule>');
  }
}

/** A tag class made by `tag_class(...)`. */
export class TagClassValue implements StarlarkValue {
  readonly typeName = 'tag_class';
  constructor(
    readonly doc: string | undefined,
    readonly attrs: readonly (readonly [string, AttrDescriptor])[],
  ) {}
  repr(out: string[]): void {
    out.push('<tag_class>');
  }
  truth(): boolean {
    return true;
  }
  freeze(): void {}
}

/** A module extension made by `module_extension(...)` (not exportable: its origin key has a file only). */
export class ModuleExtensionValue implements StarlarkValue {
  readonly typeName = 'module_extension';
  constructor(
    readonly doc: string | undefined,
    readonly tagClasses: readonly (readonly [string, TagClassValue])[],
    readonly implementation: Value,
    /** The .bzl file that called module_extension(). */
    readonly definedIn: Label | undefined,
  ) {}
  repr(out: string[]): void {
    out.push('<module_extension>');
  }
  truth(): boolean {
    return true;
  }
  freeze(): void {}
}

/** `config.string(flag = True)` and friends: the build_setting of a rule. */
export class BuildSetting implements StarlarkValue {
  readonly typeName = 'BuildSetting';
  constructor(
    readonly type: string,
    readonly flag: boolean,
    readonly allowMultiple: boolean,
  ) {}
  repr(out: string[]): void {
    out.push('<build_setting.', this.type, '>');
  }
  truth(): boolean {
    return true;
  }
  freeze(): void {}
}

/** A small opaque value for the API objects documentation does not look into (exec_group(), transitions, …). */
/** A toolchain type a rule requests: `"//t:type"` (mandatory) or `config_common.toolchain_type(...)`. */
export interface ToolchainTypeRequest {
  readonly type: Label;
  readonly mandatory: boolean;
}

/** `config_common.toolchain_type(name, mandatory = True)`. */
export class ToolchainTypeValue implements StarlarkValue {
  readonly typeName = 'ToolchainTypeRequirement';
  constructor(readonly request: ToolchainTypeRequest) {}
  repr(out: string[]): void {
    out.push(`<toolchain_type ${labelToString(this.request.type)}${this.request.mandatory ? '' : ' (optional)'}>`);
  }
  truth(): boolean {
    return true;
  }
  freeze(): void {}
}

export class OpaqueValue implements StarlarkValue {
  constructor(
    readonly typeName: string,
    private readonly text: string,
  ) {}
  repr(out: string[]): void {
    out.push(this.text);
  }
  truth(): boolean {
    return true;
  }
  freeze(): void {}
}

/**
 * `transition(implementation, inputs, outputs)`: a Starlark configuration transition. Its implementation maps the
 * input settings (`//command_line_option:<name>` or a build setting's label) and the rule's attributes to new
 * values of the output settings; analysis applies it (actions/transitions.ts). The .bzl file's package is kept
 * to read relative setting labels.
 */
export class StarlarkTransition extends OpaqueValue {
  constructor(
    readonly implementation: Value,
    readonly inputs: readonly string[],
    readonly outputs: readonly string[],
    readonly bzlPackage: string,
  ) {
    super('transition', '<transition>');
  }
}

/** `depset(direct, transitive = [...])`: kept as its flattened elements (enough for loading and docs). */
export class Depset implements StarlarkValue {
  readonly typeName = 'depset';
  constructor(readonly elems: readonly Value[]) {}
  repr(out: string[], seen: Set<object>): void {
    out.push('depset(');
    new List([...this.elems]).repr(out, seen);
    out.push(')');
  }
  truth(): boolean {
    return this.elems.length > 0;
  }
  freeze(): void {}
  getAttr(name: string): Value | undefined {
    if (name === 'to_list') {
      return new OpaqueBuiltin('to_list', () => new List([...this.elems]));
    }
    return undefined;
  }
  attrNames(): string[] {
    return ['to_list'];
  }
}

/** A bound method of an API value. */
class OpaqueBuiltin implements Callable {
  readonly typeName = 'builtin_function_or_method';
  constructor(
    readonly name: string,
    private readonly fn: () => Value,
  ) {}
  call(): Value {
    return this.fn();
  }
  repr(out: string[]): void {
    out.push(`<built-in method ${this.name}>`);
  }
  truth(): boolean {
    return true;
  }
  freeze(): void {}
}

/** Flattens `depset(direct, transitive)` arguments. */
export function makeDepset(direct: Value, transitive: Value): Depset {
  const out: Value[] = [];
  const seen = new Set<unknown>();
  const add = (v: Value) => {
    const key = typeof v === 'object' ? v : `${typeof v}:${String(v)}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(v);
    }
  };
  if (transitive instanceof List || transitive instanceof Tuple) {
    for (const d of transitive.elems) {
      if (!(d instanceof Depset)) throw new EvalError(`for parameter 'transitive': got a sequence containing ${typeof d === 'object' ? d.typeName : typeof d}, want depset`);
      d.elems.forEach(add);
    }
  }
  if (direct instanceof List || direct instanceof Tuple) direct.elems.forEach(add);
  else if (direct instanceof Depset) direct.elems.forEach(add);
  return new Depset(out);
}
