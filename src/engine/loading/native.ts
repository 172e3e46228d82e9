// The native functions BUILD files and legacy macros call: the rules, package(), licenses(), exports_files(),
// glob(), select(), existing_rule(s)(), package_name(), repository_name(), package_group(), Label(), and the
// `native` module of .bzl files that offers them to macros.
//
// The package being built travels in the thread (threadLocals), so a macro defined once in a frozen .bzl module
// adds its rules to whichever BUILD file calls it. Without one (a .bzl's top level), native functions fail as
// in Bazel: "The native module can be accessed only from a BUILD thread."

import type { Profile, StackFrame } from '../base/index.ts';
import {
  Builtin,
  Dict,
  EvalError,
  List,
  None,
  repr,
  Struct,
  Tuple,
  typeName,
  unpackArgs,
  UNBOUND,
  type ThreadLike,
  type Value,
} from '../starlark/index.ts';
import { Configurable, type AttrValue } from './attributes.ts';
import { glob, globPatternError } from './glob.ts';
import { labelToString, LabelSyntaxError, parseLabelInPackage, type Label, type PackageContext } from './label.ts';
import type { Location, PackageBuilder, RuleTarget } from './packages.ts';
import { allAttributes, NATIVE_RULE_SCHEMAS, rulesFor } from './rules/index.ts';
import { starlarkApiGlobals } from './starlark-api/index.ts';
import { checkNotInSymbolicMacro, instantiateMacro } from './macros.ts';
import { LabelValue, makeSelect } from './values.ts';
import type { Workspace } from './workspace.ts';

/** The thread-local key under which the loader keeps the PackageBuilder of the BUILD file being evaluated. */
export const PACKAGE_KEY = 'rulepen.package';

/** The parts of the evaluator's Thread the native functions use. */
interface BuildThread extends ThreadLike {
  readonly threadLocals: Map<string, unknown>;
  readonly callStack: readonly StackFrame[];
}

export interface NativeHost {
  readonly workspace: Workspace;
  readonly profile: Profile;
}

function builderOf(thread: ThreadLike): PackageBuilder {
  const b = (thread as BuildThread).threadLocals?.get(PACKAGE_KEY) as PackageBuilder | undefined;
  if (!b) {
    throw new EvalError('The native module can be accessed only from a BUILD thread. Wrap the function in a macro and call it from a BUILD file');
  }
  return b;
}

/** The call stack at a native call, outermost first, and the location Bazel gives the target (the BUILD file's frame). */
function callSite(thread: ThreadLike): { stack: readonly StackFrame[]; loc: Location } {
  const stack = (thread as BuildThread).callStack ?? [];
  const top = stack[0];
  return { stack, loc: top ? { file: top.file, line: top.line, column: top.column } : { file: '', line: 1, column: 1 } };
}

function strings(fn: string, param: string, v: Value): string[] {
  const elems = v instanceof List || v instanceof Tuple ? v.elems : undefined;
  if (!elems) throw new EvalError(`in call to ${fn}(), parameter '${param}' got value of type '${typeName(v)}', want 'sequence'`);
  return elems.map((e, i) => {
    if (typeof e !== 'string') throw new EvalError(`expected value of type 'string' for element ${i} of '${param}', but got ${typeName(e)}`);
    return e;
  });
}

function parseLabels(b: PackageBuilder, dialect: Profile['labels'], vs: readonly string[]): Label[] {
  const ctx: PackageContext = { repo: b.pkg.repo, pkg: b.pkg.name };
  return vs.map((s) => {
    try {
      return parseLabelInPackage(s, ctx, dialect);
    } catch (e) {
      if (e instanceof LabelSyntaxError) throw new EvalError(e.message);
      throw e;
    }
  });
}

/** An attribute value as existing_rule() shows it (labels as strings, selects as their repr-like structure). */
function attrToStarlark(v: AttrValue): Value {
  if (v === null) return None;
  if (v instanceof Configurable) return None;
  if (typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    return new List(
      (v as readonly unknown[]).map((e) => {
        if (typeof e === 'string') return e;
        if (Array.isArray(e)) return new Tuple(e.map((x) => (typeof x === 'string' ? x : labelToString(x as Label))));
        return labelToString(e as Label);
      }),
    );
  }
  return labelToString(v as Label);
}

function ruleDict(rule: RuleTarget): Dict {
  const d = new Dict();
  d.put('name', rule.label.name);
  d.put('kind', rule.ruleClass);
  for (const a of allAttributes(rule.schema, true)) {
    if (a.name === 'name' || a.implicit) continue;
    const v = rule.attrs.get(a.name);
    if (v !== undefined) d.put(a.name, attrToStarlark(v));
  }
  return d;
}

/** The predeclared names of BUILD files (rules and native functions), for this profile. */
export function buildGlobals(host: NativeHost): Map<string, Value> {
  const g = new Map<string, Value>();
  const dialect = host.profile.labels;

  for (const schema of rulesFor(host.profile).values()) {
    if (schema.modernOnly && !host.profile.starlarkDocExtract) continue;
    const fn = new Builtin(schema.name, (thread, args, kwargs) => {
      const b = builderOf(thread);
      if (args.length > 0) throw new EvalError(`${schema.name}() got unexpected positional argument`);
      const { stack, loc } = callSite(thread);
      b.addRule(schema, kwargs, stack, loc);
      return None;
    });
    NATIVE_RULE_SCHEMAS.set(fn, schema);
    g.set(schema.name, fn);
  }

  g.set(
    'package_group',
    new Builtin('package_group', (thread, args, kwargs) => {
      const b = builderOf(thread);
      const [name, packages, includes] = unpackArgs('package_group', args, kwargs, {
        params: [
          { name: 'name', positional: false, named: true, type: 'string' },
          { name: 'packages', positional: false, named: true, default: new List([]) },
          { name: 'includes', positional: false, named: true, default: new List([]) },
        ],
      });
      const { loc } = callSite(thread);
      b.packageGroup(name as string, strings('package_group', 'packages', packages!), parseLabels(b, dialect, strings('package_group', 'includes', includes!)), loc);
      return None;
    }),
  );

  g.set(
    'package',
    new Builtin('package', (thread, args, kwargs) => {
      const b = builderOf(thread);
      checkNotInSymbolicMacro(b, 'package()');
      if (args.length > 0) throw new EvalError('package() got unexpected positional argument');
      const out: Parameters<PackageBuilder['setPackageArgs']>[0] = {};
      for (const [k, v] of kwargs) {
        switch (k) {
          case 'default_visibility':
            out.defaultVisibility = parseLabels(b, dialect, strings('package', k, v));
            break;
          case 'default_testonly':
            out.defaultTestonly = v === true || v === 1;
            break;
          case 'default_deprecation':
            if (typeof v === 'string') out.defaultDeprecation = v;
            break;
          case 'features':
            out.features = strings('package', k, v);
            break;
          case 'licenses':
          case 'distribs':
          case 'default_applicable_licenses':
          case 'default_package_metadata':
          case 'default_compatible_with':
          case 'default_restricted_to':
          case 'default_hdrs_check':
          case 'default_copts':
            break;
          default:
            throw new EvalError(`package() got unexpected keyword argument '${k}'`);
        }
      }
      b.setPackageArgs(out);
      return None;
    }),
  );

  g.set(
    'licenses',
    new Builtin('licenses', (thread, args, kwargs) => {
      const b = builderOf(thread);
      const [license] = unpackArgs('licenses', args, kwargs, { params: [{ name: 'license_strings', type: 'list' }] });
      b.setDefaultLicense(strings('licenses', 'license_strings', license!));
      return None;
    }),
  );

  g.set(
    'exports_files',
    new Builtin('exports_files', (thread, args, kwargs) => {
      const b = builderOf(thread);
      const [srcs, visibility] = unpackArgs('exports_files', args, kwargs, {
        params: [
          { name: 'srcs', named: true },
          { name: 'visibility', named: true, default: None },
          { name: 'licenses', named: true, default: None },
        ],
      });
      const { loc } = callSite(thread);
      const vis = visibility === None ? undefined : parseLabels(b, dialect, strings('exports_files', 'visibility', visibility!));
      b.exportFiles(strings('exports_files', 'srcs', srcs!), vis, loc);
      return None;
    }),
  );

  g.set(
    'glob',
    new Builtin('glob', (thread, args, kwargs) => {
      const b = builderOf(thread);
      checkNotInSymbolicMacro(b, 'glob()');
      const [include, exclude, excludeDirs, allowEmpty] = unpackArgs('glob', args, kwargs, {
        params: [
          { name: 'include', named: true, default: new List([]) },
          { name: 'exclude', named: true, positional: false, default: new List([]) },
          { name: 'exclude_directories', named: true, positional: false, default: 1 },
          { name: 'allow_empty', named: true, positional: false, default: UNBOUND },
        ],
      });
      if (allowEmpty !== undefined && typeof allowEmpty !== 'boolean') {
        throw new EvalError(`expected boolean for argument \`allow_empty\`, got \`${repr(allowEmpty)}\``);
      }
      const inc = strings('glob', 'include', include!);
      const exc = strings('glob', 'exclude', exclude!);
      for (const p of [...inc, ...exc]) {
        const e = globPatternError(p);
        if (e) throw new EvalError(`error in glob: ${e}`);
      }
      if (inc.length > 0) b.noteGlob();
      const files = host.workspace.packageFiles(b.pkg.name, excludeDirs === 0 || excludeDirs === false);
      const r = glob(files, inc, exc);
      const disallow = allowEmpty === undefined ? host.profile.disallowEmptyGlob : allowEmpty === false;
      if (disallow) {
        const hint = ' (the default value of allow_empty can be set with --incompatible_disallow_empty_glob).';
        if (r.emptyPatterns.length > 0) {
          throw new EvalError(`glob pattern '${r.emptyPatterns[0]}' didn't match anything, but allow_empty is set to False${hint}`);
        }
        if (r.matches.length === 0 && inc.length > 0) {
          throw new EvalError(`all files in the glob have been excluded, but allow_empty is set to False${hint}`);
        }
      }
      return new List(r.matches);
    }),
  );

  g.set(
    'select',
    new Builtin('select', (_thread, args, kwargs) => {
      const [x, noMatch] = unpackArgs('select', args, kwargs, {
        params: [
          { name: 'x' },
          { name: 'no_match_error', named: true, default: '' },
        ],
      });
      return makeSelect(x!, noMatch!, host.profile.selectKeyWant);
    }),
  );

  g.set(
    'existing_rule',
    new Builtin('existing_rule', (thread, args, kwargs) => {
      const b = builderOf(thread);
      checkNotInSymbolicMacro(b, 'existing_rule()');
      const [name] = unpackArgs('existing_rule', args, kwargs, { params: [{ name: 'name', named: true, type: 'string' }] });
      const t = b.pkg.targets.get(name as string);
      return t && t.kind === 'rule' ? ruleDict(t) : None;
    }),
  );

  g.set(
    'existing_rules',
    new Builtin('existing_rules', (thread, args, kwargs) => {
      const b = builderOf(thread);
      checkNotInSymbolicMacro(b, 'existing_rules()');
      unpackArgs('existing_rules', args, kwargs, { params: [] });
      const d = new Dict();
      for (const r of b.rules()) d.put(r.label.name, ruleDict(r));
      return d;
    }),
  );

  g.set(
    'package_name',
    new Builtin('package_name', (thread, args, kwargs) => {
      const b = builderOf(thread);
      unpackArgs('package_name', args, kwargs, { params: [] });
      return b.pkg.name;
    }),
  );

  g.set(
    'repository_name',
    new Builtin('repository_name', (thread, args, kwargs) => {
      const b = builderOf(thread);
      unpackArgs('repository_name', args, kwargs, { params: [] });
      return '@' + b.pkg.repo;
    }),
  );

  if (host.profile.symbolicMacros) {
    // subpackages(include, exclude, allow_empty): the package's direct subpackages (relative paths) that match.
    g.set(
      'subpackages',
      new Builtin('subpackages', (thread, args, kwargs) => {
        const b = builderOf(thread);
        checkNotInSymbolicMacro(b, 'subpackages()');
        const [include, exclude, allowEmpty] = unpackArgs('subpackages', args, kwargs, {
          params: [
            { name: 'include', named: true, positional: false },
            { name: 'exclude', named: true, positional: false, default: new List([]) },
            { name: 'allow_empty', named: true, positional: false, default: false },
          ],
        });
        const inc = strings('subpackages', 'include', include!);
        const prefix = b.pkg.name ? b.pkg.name + '/' : '';
        const subs = host.workspace
          .packagesBelow(b.pkg.name)
          .filter((p) => p !== b.pkg.name && host.workspace.packageContainingDir(p.slice(0, p.lastIndexOf('/') < 0 ? 0 : p.lastIndexOf('/'))) === b.pkg.name)
          .map((p) => p.slice(prefix.length));
        const r = glob(subs, inc, strings('subpackages', 'exclude', exclude!));
        if (allowEmpty !== true && r.emptyPatterns.length > 0) {
          throw new EvalError(`subpackages pattern '${r.emptyPatterns[0]}' didn't match anything, but allow_empty is set to False.`);
        }
        return new List(r.matches);
      }),
    );
  }

  g.set('Label', labelBuiltin(host));
  return g;
}

/** Label(input): a label string resolved against the package of the file that calls it. */
function labelBuiltin(host: NativeHost): Builtin {
  return new Builtin('Label', (thread, args, kwargs) => {
    const [input] = unpackArgs('Label', args, kwargs, { params: [{ name: 'input', named: true, type: 'string|Label' }] });
    if (input instanceof LabelValue) return input;
    const stack = (thread as BuildThread).callStack ?? [];
    const file = stack.length > 0 ? stack[stack.length - 1]!.file : '';
    const pkg = host.workspace.packageOf(file) ?? '';
    try {
      return new LabelValue(parseLabelInPackage(input as string, { repo: '', pkg }, host.profile.labels), host.profile.canonicalLabelStrings);
    } catch (e) {
      if (e instanceof LabelSyntaxError) throw new EvalError(`Illegal absolute label syntax: ${e.message}`);
      throw e;
    }
  });
}

/** The predeclared names of .bzl files: `native` (the BUILD functions as a module), Label, select. */
export function bzlGlobals(host: NativeHost, build: Map<string, Value>): Map<string, Value> {
  const g = new Map<string, Value>();
  const nativeFields: [string, Value][] = [];
  // native.package exists since symbolic macros (which may not call it); 4.2.3's native module has no package.
  for (const [k, v] of build) if (k !== 'Label' && k !== 'select' && (k !== 'package' || host.profile.symbolicMacros)) nativeFields.push([k, v]);
  g.set('native', new NativeModule(nativeFields));
  g.set('Label', build.get('Label')!);
  g.set('select', build.get('select')!);
  const api = starlarkApiGlobals({
    // Read through: a loader cache points the host at each new workspace (see LoadCache).
    get workspace() {
      return host.workspace;
    },
    profile: host.profile,
    inBuildThread: (thread) => (thread as BuildThread).threadLocals?.get(PACKAGE_KEY) !== undefined,
    addRule: (thread, schema, kwargs) => {
      const { stack, loc } = callSite(thread);
      builderOf(thread).addRule(schema, kwargs, stack, loc);
    },
    instantiateMacro: (thread, macro, args, kwargs) => instantiateMacro(builderOf(thread), host.profile, thread, macro, args, kwargs),
  });
  for (const [k, v] of api) g.set(k, v);
  return g;
}

/** `native`: a struct-like module whose type is "native". */
class NativeModule extends Struct {
  override readonly typeName = 'native';
}
