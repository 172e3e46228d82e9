// Analysis of targets of Starlark rules (`rule(implementation = …)` in a .bzl file): the implementation runs
// with a `ctx` holding the subset of Bazel's API that simple rules use, and its providers become the target's.
//
// ctx: label, attr (plain values; label attributes as targets with `files`, `label`, and `[DefaultInfo]`-style
// fields `files`), files / file / executable / outputs, workspace_name, bin_dir, genfiles_dir, fragments, actions
// (declare_file, write, run_shell, run, symlink) and runfiles(). File objects carry path, short_path, basename, dirname,
// extension, is_source, root and owner. Returned providers: DefaultInfo (files, executable, and runfiles or
// default_runfiles/data_runfiles), OutputGroupInfo (its groups) and TemplateVariableInfo (make variables, for
// genrule `toolchains`). What a rule uses beyond this fails with a clear message rather than silently.
//
// Runfiles follow StarlarkRuleConfiguredTargetUtil: `runfiles` is both the default and the data runfiles, with the
// executable first; `default_runfiles`/`data_runfiles` are each what is given (nothing when not); a rule that gives
// none has only its executable.

import { ProviderInstance, RuleClass, ruleSchemaOf, Depset, LabelValue, labelToString, LabelSyntaxError, parseLabelInPackage, type Label, type Loader, type PlainAttrValue, type RuleTarget } from '../../loading/index.ts';
import { Builtin, Dict, EvalError, List, None, Struct, Thread, Tuple, errorToDiagnostic, typeName, unpackArgs, type StarlarkValue, type Value } from '../../starlark/index.ts';
import { utf8Encode } from '../../base/index.ts';
import { binDir, dataRunfilesOf, uniq, uniqRunfiles, type AnalyzedTarget, type Artifact } from '../artifacts.ts';
import type { RuleContext, RuleImplementation, RuleResult } from '../rule-context.ts';
import { GENRULE_ENV } from './genrule.ts';
import { shellQuote } from '../executor.ts';
import { artifactOf, filesToRunExecutable, fileValue as sharedFileValue, RunfilesValue, starlarkView, TargetValue, type StarlarkView } from '../starlark-target.ts';

/** The rule class whose loading schema a target has (searched in the .bzl files its package loaded). */
function ruleClassOf(loader: Loader, rule: RuleTarget): RuleClass | undefined {
  const pkg = loader.getPackage(rule.label.pkg);
  for (const path of pkg?.loads ?? []) {
    const m = loader.loadedBzl(path);
    for (const v of m?.globals.values() ?? []) {
      if (v instanceof RuleClass && ruleSchemaOf(v) === rule.schema) return v;
    }
  }
  return undefined;
}

/**
 * `ctx.fragments`: the configuration fragments a rule reads options through. Only what the command line decides
 * is emulated: java.strict_java_deps (JavaConfiguration#getStrictJavaDepsName, the --strict_java_deps mode in
 * lower case).
 */
function fragmentsOf(config: { values(option: string): readonly { value: string | boolean }[] }): Struct {
  const strict = String(config.values('strict_java_deps')[0]?.value ?? 'default').toLowerCase();
  return new Struct([['java', new Struct([['strict_java_deps', strict]])]]);
}

/** How values look in the profile analysing now (set per rule; analysis is synchronous). */
let view: StarlarkView = { canonicalLabels: false, runfilesMergeAll: false };

function fileValue(a: Artifact): Value {
  return sharedFileValue(a, view.canonicalLabels);
}

function filesOfDepset(v: Value | undefined, what: string): Artifact[] {
  if (v === undefined || v === None) return [];
  const elems = v instanceof Depset ? v.elems : v instanceof List ? v.elems : undefined;
  if (!elems) throw new EvalError(`${what}: expected a depset of Files`);
  return elems.map((e) => artifactOf(e, what));
}

function kw(kwargs: [string, Value][], args: Value[], names: string[]): Map<string, Value> {
  const m = new Map<string, Value>();
  args.forEach((a, i) => names[i] !== undefined && m.set(names[i]!, a));
  for (const [k, v] of kwargs) m.set(k, v);
  return m;
}

/**
 * `ctx.toolchains`: indexed by a requested toolchain type (a label string, a Label), it gives the resolved
 * toolchain's ToolchainInfo, None for an optional type nothing matched (ResolvedToolchainContext).
 */
class ToolchainsValue implements StarlarkValue {
  readonly typeName = 'ToolchainContext';
  constructor(
    private readonly ctx: RuleContext,
    private readonly entries: ReturnType<RuleContext['toolchains']>,
  ) {}
  repr(out: string[]): void {
    out.push('<toolchain_context.resolved_labels: ' + this.entries.map((e) => labelToString(e.requested)).join(', ') + '>');
  }
  truth(): boolean {
    return true;
  }
  freeze(): void {}
  /** The type a key names, as a label string (relative keys are read in the rule's package). */
  private keyOf(key: Value): string {
    if (key instanceof LabelValue) return labelToString(key.label);
    if (typeof key !== 'string') throw new EvalError(`Toolchains only supports indexing by toolchain type, got ${typeName(key)} instead`);
    try {
      return labelToString(parseLabelInPackage(key, { repo: this.ctx.rule.label.repo, pkg: this.ctx.rule.label.pkg }, this.ctx.profile.labels));
    } catch (e) {
      if (!(e instanceof LabelSyntaxError)) throw e;
      throw new EvalError(`invalid label '${key}': ${e.message}`);
    }
  }
  private entry(k: string): ReturnType<RuleContext['toolchains']>[number] | undefined {
    return this.entries.find((x) => labelToString(x.requested) === k || labelToString(x.type) === k);
  }
  index(key: Value): Value {
    const k = this.keyOf(key);
    const e = this.entry(k);
    if (!e) {
      const { rule } = this.ctx;
      const types = this.entries.map((x) => labelToString(x.requested)).join(', ');
      throw new EvalError(`In ${rule.ruleClass} rule ${labelToString(rule.label)}, toolchain type ${k} was requested but only types [${types}] are configured`);
    }
    const t = e.target?.actual ?? e.target;
    return t?.starlarkProviders?.find((i) => i.provider.isBuiltin && i.provider.builtinName === 'ToolchainInfo') ?? None;
  }
  contains(key: Value): boolean {
    return this.entry(this.keyOf(key)) !== undefined;
  }
}

function targetValue(d: AnalyzedTarget): Value {
  return new TargetValue(d, view);
}

/** The artifact of a File value, or undefined for another value. */
function fileArtifact(v: Value): Artifact | undefined {
  try {
    return artifactOf(v, '');
  } catch (e) {
    if (e instanceof EvalError) return undefined;
    throw e;
  }
}

/** The File elements of a `files` sequence (Sequence.cast's message for another element). */
function filesOfSequence(v: List | Tuple, what: string): Artifact[] {
  return v.elems.map((e, i) => {
    const a = fileArtifact(e);
    if (!a) throw new EvalError(`at index ${i} of ${what}, got element of type ${typeName(e)}, want File`);
    return a;
  });
}

/** `ctx.runfiles(symlinks = {path: File})`: the dict's entries (Dict.cast's message for another entry). */
function symlinksOf(v: Value, what: string, root: boolean): Artifact[] {
  if (!(v instanceof Dict)) throw new EvalError(`in call to runfiles(), parameter '${what}' got value of type '${typeName(v)}', want 'dict'`);
  const out: Artifact[] = [];
  for (const [k, f] of v.entries()) {
    const a = typeof k === 'string' ? fileArtifact(f) : undefined;
    if (!a) throw new EvalError(`got dict<${typeName(k)}, ${typeName(f)}> for '${what}', want dict<string, File>`);
    out.push({ ...a, runfilesSymlink: { path: k as string, root } });
  }
  return out;
}

/**
 * `ctx.runfiles(files = [], transitive_files = None, collect_data = False, collect_default = False, symlinks = {},
 * root_symlinks = {})` (StarlarkRuleContext.runfiles): collect_data takes the data runfiles of `data` (and, under
 * alwaysIncludeFilesInData, their files) and of the rules in `srcs` and `deps`; collect_default the same of `data`
 * and the default runfiles of `srcs` and `deps`; then the files, the transitive files and the symlinks.
 */
function runfilesBuiltin(ctx: RuleContext): Builtin {
  return new Builtin('runfiles', (_t, args, kwargs) => {
    const [files, transitive, collectData, collectDefault, symlinks, rootSymlinks] = unpackArgs('runfiles', args, kwargs, {
      params: [
        { name: 'files', named: true, type: 'sequence', default: new List([]) },
        { name: 'transitive_files', named: true, type: 'depset|NoneType', default: None },
        { name: 'collect_data', named: true, type: 'bool', default: false },
        { name: 'collect_default', named: true, type: 'bool', default: false },
        { name: 'symlinks', named: true, default: new Dict() },
        { name: 'root_symlinks', named: true, default: new Dict() },
      ],
    });
    const entries: Artifact[] = [];
    const data = ctx.prerequisites('data');
    const nonData = [...ctx.prerequisites('srcs'), ...ctx.prerequisites('deps')];
    // A file in srcs or deps has no runfiles of its own (Runfiles.Builder.addTargetExceptFileTargets).
    const isRule = (d: AnalyzedTarget) => (d.actual ?? d).target.kind === 'rule';
    const collect = (mapping: (d: AnalyzedTarget) => readonly Artifact[]) => {
      for (const d of data) entries.push(...dataRunfilesOf(d, ctx.profile.alwaysIncludeFilesInData));
      for (const d of nonData) if (isRule(d)) entries.push(...mapping(d));
    };
    if (collectData === true) collect((d) => dataRunfilesOf(d));
    if (collectDefault === true) collect((d) => d.runfiles);
    entries.push(...filesOfSequence(files as List | Tuple, 'files'));
    if (transitive instanceof Depset) {
      for (const e of transitive.elems) {
        const a = typeof e === 'object' ? fileArtifact(e) : undefined;
        if (!a) throw new EvalError(`for transitive_files, got a depset of '${typeName(e)}', expected a depset of 'File'`);
        entries.push(a);
      }
    }
    entries.push(...symlinksOf(symlinks!, 'symlinks', false), ...symlinksOf(rootSymlinks!, 'root_symlinks', true));
    return new RunfilesValue(uniqRunfiles(entries), view);
  });
}

/** A runfiles field of DefaultInfo (DefaultInfo() checked its type). */
function runfilesField(v: Value | undefined): readonly Artifact[] | undefined {
  return v instanceof RunfilesValue ? v.entries : undefined;
}

function analyzeStarlarkRule(ctx: RuleContext): RuleResult {
  view = starlarkView(ctx.profile);
  const { rule, config, label } = ctx;
  const rc = ruleClassOf(ctx.ruleLoader, rule);
  if (!rc) {
    ctx.ruleError(`rulepen cannot find the rule class of ${rule.ruleClass}`);
    return { failed: true };
  }
  const actionKeyBase = `starlark ${label} (${config.id})`;
  const attrFields: [string, Value][] = [['name', rule.label.name]];
  const files: [string, Value][] = [];
  const file: [string, Value][] = [];
  const executable: [string, Value][] = [];
  const outputs: [string, Value][] = [];
  const declared: Artifact[] = [];
  let actionCount = 0;
  for (const spec of rule.schema.attrs) {
    if (spec.type === 'label' || spec.type === 'label_list') {
      const deps = ctx.prerequisites(spec.name);
      const tvs = deps.map(targetValue);
      attrFields.push([spec.name, spec.type === 'label' ? (tvs[0] ?? None) : new List(tvs)]);
      const fs = uniq(deps.flatMap((d) => d.files));
      files.push([spec.name, new List(fs.map(fileValue))]);
      if (spec.type === 'label') {
        file.push([spec.name, fs.length === 1 ? fileValue(fs[0]!) : None]);
        const exe = deps[0] ? filesToRunExecutable(deps[0]) : undefined;
        executable.push([spec.name, exe ? fileValue(exe) : None]);
      }
    } else if (spec.type === 'label_keyed_string_dict' || spec.type === 'string_keyed_label_dict' || spec.type === 'label_list_dict') {
      // Labels in dicts are their targets too: {Target: string}, {string: Target}, {string: [Target]}.
      const byLabel = new Map(ctx.prerequisites(spec.name).map((d) => [labelToString(d.label), targetValue(d)]));
      const target = (l: Label): Value => byLabel.get(labelToString(l)) ?? None;
      const v = ctx.attr(spec.name);
      const entries = Array.isArray(v) ? (v as readonly (readonly [unknown, unknown])[]) : [];
      const dict = new Dict(
        entries.map(([k, x]): [Value, Value] => {
          if (spec.type === 'label_keyed_string_dict') return [target(k as Label), x as string];
          if (spec.type === 'string_keyed_label_dict') return [k as string, target(x as Label)];
          return [k as string, new List((x as readonly Label[]).map(target))];
        }),
      );
      attrFields.push([spec.name, dict]);
    } else if (spec.type === 'output' || spec.type === 'output_list') {
      const outs = ctx.labels(spec.name).map((l) => ctx.declareOutput(l.name, `${actionKeyBase} ${l.name}`));
      declared.push(...outs);
      const vals = outs.map(fileValue);
      outputs.push([spec.name, spec.type === 'output' ? (vals[0] ?? None) : new List(vals)]);
      attrFields.push([spec.name, spec.type === 'output' ? (vals[0] ?? None) : new List(vals)]);
    } else {
      const v = ctx.attr(spec.name);
      attrFields.push([spec.name, toStarlark(v)]);
    }
  }
  // rule(outputs = {"key": "%{name}.ext"}): the implicit outputs, as ctx.outputs.<key>.
  for (const [key, template] of rc.outputs) {
    const out = ctx.declareOutput(template.replace(/%\{name\}/g, rule.label.name), `${actionKeyBase} ${key}`);
    declared.push(out);
    outputs.push([key, fileValue(out)]);
  }
  const pending: { out: Artifact; build: () => void }[] = [];
  const declare = (name: string): Artifact => {
    const a = ctx.declareOutput(name, `${actionKeyBase} ${name}`);
    // Declaring a file that is already declared (a predeclared output) gives that file again.
    const known = declared.find((d) => d.execPath === a.execPath);
    if (known) return known;
    declared.push(a);
    return a;
  };
  const actions = new Struct([
    [
      'declare_file',
      new Builtin('declare_file', (_t, args, kwargs) => {
        const m = kw(kwargs, args, ['filename']);
        const name = m.get('filename');
        if (typeof name !== 'string') throw new EvalError('declare_file: filename must be a string');
        const sibling = m.get('sibling');
        if (sibling !== undefined && sibling !== None) {
          const s = artifactOf(sibling, 'declare_file');
          const dir = s.shortPath.slice(rule.label.pkg ? rule.label.pkg.length + 1 : 0, s.shortPath.lastIndexOf('/') + 1);
          return fileValue(declare(dir + name));
        }
        return fileValue(declare(name));
      }),
    ],
    [
      'write',
      new Builtin('write', (_t, args, kwargs) => {
        const m = kw(kwargs, args, ['output', 'content', 'is_executable']);
        const out = artifactOf(m.get('output')!, 'write');
        const content = m.get('content');
        if (typeof content !== 'string') throw new EvalError('write: content must be a string');
        const exe = m.get('is_executable') === true;
        pending.push({
          out,
          build: () =>
            ctx.registerAction({ key: out.generatedBy!, kind: 'write', owner: rule.label, location: rule.location, mnemonic: 'FileWrite', progress: `Writing file ${out.shortPath}`, inputs: [], outputs: [out], content: utf8Encode(content), executableOutputs: exe ? new Set([out.execPath]) : undefined }),
        });
        return None;
      }),
    ],
    [
      'run_shell',
      new Builtin('run_shell', (_t, args, kwargs) => {
        const m = kw(kwargs, args, []);
        const outs = (m.get('outputs') instanceof List ? (m.get('outputs') as List).elems : []).map((v) => artifactOf(v, 'run_shell outputs'));
        const ins = filesOfDepset(m.get('inputs'), 'run_shell inputs');
        const command = m.get('command');
        if (typeof command !== 'string') throw new EvalError('run_shell: command must be a string');
        const progress = typeof m.get('progress_message') === 'string' ? (m.get('progress_message') as string) : `Action ${outs[0]?.shortPath ?? ''}`;
        const key = `${actionKeyBase} run_shell ${actionCount++}`;
        ctx.registerAction({ key, kind: 'genrule', owner: rule.label, location: rule.location, mnemonic: 'Action', progress, inputs: ins, outputs: outs, script: command, env: GENRULE_ENV });
        for (const o of outs) retarget(o, key);
        return None;
      }),
    ],
    [
      'run',
      new Builtin('run', (_t, args, kwargs) => {
        // ctx.actions.run: a program (a File, or an exec path) with string arguments; a File executable is an
        // input of the action by itself, as are `tools`.
        const m = kw(kwargs, args, []);
        const outs = (m.get('outputs') instanceof List ? (m.get('outputs') as List).elems : []).map((v) => artifactOf(v, 'run outputs'));
        const exeValue = m.get('executable');
        if (exeValue === undefined || exeValue === None) throw new EvalError("run() missing 1 required named argument: executable");
        const exe = typeof exeValue === 'string' ? undefined : artifactOf(exeValue, 'run executable');
        const program = exe ? exe.execPath : (exeValue as string);
        const argsValue = m.get('arguments');
        const words = argsValue === undefined || argsValue === None ? [] : argsValue instanceof List || argsValue instanceof Tuple ? argsValue.elems : undefined;
        if (!words || words.some((w) => typeof w !== 'string')) throw new EvalError('run: rulepen supports arguments only as a list of strings');
        const ins = uniq([...filesOfDepset(m.get('inputs'), 'run inputs'), ...filesOfDepset(m.get('tools'), 'run tools'), ...(exe ? [exe] : [])]);
        const argv = [program, ...(words as string[])];
        const mnemonic = typeof m.get('mnemonic') === 'string' ? (m.get('mnemonic') as string) : 'Action';
        const progress = typeof m.get('progress_message') === 'string' ? (m.get('progress_message') as string) : `Action ${outs[0]?.shortPath ?? ''}`;
        const key = `${actionKeyBase} run ${actionCount++}`;
        ctx.registerAction({ key, kind: 'genrule', owner: rule.label, location: rule.location, mnemonic, progress, inputs: ins, outputs: outs, script: argv.map(shellQuote).join(' '), argv, env: GENRULE_ENV });
        for (const o of outs) retarget(o, key);
        return None;
      }),
    ],
  ]);
  // Artifacts are immutable records; an action key fixed after declaration is recorded here.
  const actionOf = new Map<string, string>();
  const retarget = (a: Artifact, key: string) => actionOf.set(a.execPath, key);
  const bin = new Struct([['path', binDir(config)]]);
  const starlarkCtx = new Struct([
    ['label', new LabelValue(rule.label, view.canonicalLabels)],
    ['attr', new Struct(attrFields)],
    ['files', new Struct(files)],
    ['file', new Struct(file)],
    ['executable', new Struct(executable)],
    ['outputs', new Struct(outputs)],
    ['actions', actions],
    ['bin_dir', bin],
    ['genfiles_dir', bin],
    ['workspace_name', ctx.profile.execrootName],
    ['runfiles', runfilesBuiltin(ctx)],
    ['toolchains', new ToolchainsValue(ctx, ctx.toolchains())],
    ['fragments', fragmentsOf(config)],
    // A build setting's implementation reads its value: from the command line, else build_setting_default.
    ...(rc.buildSetting
      ? [['build_setting_value', toStarlark((config.starlarkFlag(label)?.value ?? ctx.attr('build_setting_default')) as PlainAttrValue)] as [string, Value]]
      : []),
  ]);
  const thread = new Thread({ semantics: ctx.profile.starlark, print: (msg, where) => ctx.debug(`${ctx.loader.abs(where.file)}:${where.line}:${where.column}: ${msg}`) });
  let result: Value;
  try {
    result = thread.call(rc.implementation, [starlarkCtx]);
  } catch (e) {
    if (e instanceof EvalError) {
      // Bazel prints `in r rule //p:t: ` and, on the next lines, the implementation's traceback; Problems and the
      // editor show the error itself.
      const d = errorToDiagnostic(e, undefined);
      const message = d?.message ?? e.message;
      ctx.ruleError(message, undefined, d?.stack && d.stack.length > 0 ? `\n${ctx.loader.traceback(d)}` : undefined);
      return { failed: true };
    }
    throw e;
  }
  for (const p of pending) p.build();
  // Declared files were registered with a per-name key; point those written by run_shell at its action.
  const fixed = (a: Artifact): Artifact => {
    const k = actionOf.get(a.execPath);
    return k ? { ...a, generatedBy: k } : a;
  };
  for (const a of declared) {
    const k = actionOf.get(a.execPath);
    if (k) ctx.declareOutput(a.shortPath.slice(rule.label.pkg ? rule.label.pkg.length + 1 : 0), k);
  }
  let defaultFiles: Artifact[] | undefined;
  let exe: Artifact | undefined;
  let runfiles: { readonly stateless?: readonly Artifact[]; readonly default?: readonly Artifact[]; readonly data?: readonly Artifact[] } = {};
  const groups = new Map<string, Artifact[]>();
  let makeVariables: Map<string, string> | undefined;
  const own: ProviderInstance[] = [];
  const providers = result instanceof List ? result.elems : result === None ? [] : [result];
  for (const p of providers) {
    if (!(p instanceof ProviderInstance)) continue;
    // Built-in providers are read here (DefaultInfo, OutputGroupInfo, …), except ToolchainInfo, which is kept.
    if (!p.provider.isBuiltin || p.provider.builtinName === 'ToolchainInfo') own.push(p);
    const get = (f: string) => {
      const i = p.names.indexOf(f);
      return i < 0 ? undefined : p.values[i];
    };
    switch (p.provider.name) {
      case 'DefaultInfo':
        defaultFiles = filesOfDepset(get('files'), 'DefaultInfo files').map(fixed);
        if (get('executable') !== undefined && get('executable') !== None) exe = fixed(artifactOf(get('executable')!, 'DefaultInfo executable'));
        runfiles = { stateless: runfilesField(get('runfiles')), default: runfilesField(get('default_runfiles')), data: runfilesField(get('data_runfiles')) };
        break;
      case 'OutputGroupInfo':
        p.names.forEach((n, i) => groups.set(n, filesOfDepset(p.values[i], `OutputGroupInfo ${n}`).map(fixed)));
        break;
      case 'TemplateVariableInfo': {
        const vars = get('variables');
        if (vars instanceof Dict) makeVariables = new Map([...vars.entries()].map(([k, v]) => [String(k), String(v)]));
        break;
      }
    }
  }
  const filesOut = defaultFiles ?? declared.map(fixed);
  const withExe = (list: readonly Artifact[]) => uniqRunfiles([...(exe ? [exe] : []), ...list.map(fixed)]);
  let defaultRunfiles: Artifact[];
  let dataRunfiles: Artifact[] | undefined;
  if (runfiles.stateless || (!runfiles.default && !runfiles.data)) defaultRunfiles = withExe(runfiles.stateless ?? []);
  else {
    // The executable is not added to runfiles given apart (to keep Starlark genrules like the native one).
    defaultRunfiles = uniqRunfiles((runfiles.default ?? []).map(fixed));
    dataRunfiles = uniqRunfiles((runfiles.data ?? []).map(fixed));
  }
  return {
    files: filesOut,
    runfiles: defaultRunfiles,
    ...(dataRunfiles ? { dataRunfiles } : {}),
    executable: exe,
    outputGroups: groups,
    makeVariables,
    starlarkProviders: own,
  };
}

/** Rules defined in .bzl files with rule(implementation = …): analysis picks it for any rule class not native. */
export const starlarkRule: RuleImplementation = {
  ruleClasses: [],
  analyze: analyzeStarlarkRule,
};

function toStarlark(v: unknown): Value {
  if (v === null || v === undefined) return None;
  if (typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number') return v;
  if (Array.isArray(v)) {
    if (v.length > 0 && Array.isArray(v[0])) return new Dict((v as [unknown, unknown][]).map(([k, x]) => [toStarlark(k), toStarlark(x)]) as [Value, Value][]);
    return new List(v.map(toStarlark));
  }
  if (typeof v === 'object' && 'name' in (v as object) && 'pkg' in (v as object)) return new LabelValue(v as never, view.canonicalLabels);
  return None;
}
