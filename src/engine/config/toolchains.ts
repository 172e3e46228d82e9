// Toolchain resolution, as Bazel's RegisteredToolchainsFunction, RegisteredExecutionPlatformsFunction,
// SingleToolchainResolutionFunction and ToolchainResolutionFunction do it:
//
//   - the registered toolchains, highest priority first: --extra_toolchains, then the WORKSPACE's (MODULE.bazel's)
//     register_toolchains() in file order, then those Bazel registers itself (the profile's row: 4.2.3's
//     @local_config_cc_toolchains); a wildcard pattern keeps only `toolchain` rules, an explicit label must be one;
//   - the execution platforms: --extra_execution_platforms, then register_execution_platforms(), then the host
//     platform;
//   - for each requested toolchain type and execution platform, the first registered toolchain of that type whose
//     exec_compatible_with the execution platform has and whose target_compatible_with the target platform has (a
//     setting a platform leaves unset takes its default_constraint_value);
//   - the first execution platform (among those the rule's exec_compatible_with allows) with a toolchain for every
//     mandatory type is selected; when there is none, the types no platform has a toolchain for are "missing".
//
// A type or a toolchain's `toolchain` may be an alias; types compare by the toolchain_type they finally name.

import type { Profile, SourceFile } from '../base/index.ts';
import { parse } from '../starlark/index.ts';
import type { CallExpr, Expr } from '../starlark/index.ts';
import { labelToString, parseTargetPattern, TargetParsingError, type Label, type RuleTarget, type Target } from '../loading/index.ts';
import type { CommandLine } from './bazelrc.ts';
import { lookupOf, type ConfigContext, type Configuration } from './configuration.ts';
import { matchCondition } from './matching.ts';
import { allValues, lastValue } from './options.ts';
import { hasConstraint, parseAbsolute, resolvePlatform, type PlatformInfo } from './platforms.ts';
import { labelAttr, labelListAttr, throughAliases, type TargetLookup } from './targets.ts';

export interface ToolchainRequest {
  /** The type as the rule names it (what ctx.toolchains is indexed by, and error messages print). */
  readonly type: Label;
  readonly mandatory: boolean;
}

export interface ResolvedToolchains {
  readonly execPlatform: string;
  /** Per requested type (in request order): the toolchain_type it names and the resolved toolchain's `toolchain` target. */
  readonly toolchains: readonly { readonly request: ToolchainRequest; readonly type: Label; readonly toolchain?: Label }[];
}

/**
 * What a toolchain wants that a platform (or the configuration) does not give: a constraint value and what the
 * platform has instead, or (`setting`) a target_settings config_setting and why it fails.
 */
export interface ConstraintMismatch {
  readonly wanted: string;
  /** The platform's value for that setting (`<unset>` when it has none and the setting has no default); for a
   * target setting, `does not match` or `cannot be used`. */
  readonly actual: string;
  readonly setting?: true;
}

/**
 * Why a rule got the toolchains it got (the Why panel; --toolchain_resolution_debug reads the same): the
 * platforms, and per requested type each registered toolchain of that type in priority order, with what it
 * lacks on the target platform and on each execution platform.
 */
export interface ToolchainExplanation {
  readonly targetPlatform: string;
  /** The execution platforms in order (the rule's exec_compatible_with already applied). */
  readonly executionPlatforms: readonly string[];
  readonly selectedExecutionPlatform?: string;
  readonly types: readonly {
    readonly requested: string;
    readonly type: string;
    readonly mandatory: boolean;
    /** The resolved toolchain's `toolchain` target. */
    readonly selected?: string;
    readonly candidates: readonly {
      /** The toolchain() target and its `toolchain`. */
      readonly toolchain: string;
      readonly implementation: string;
      readonly targetMismatch: readonly ConstraintMismatch[];
      /** Per execution platform: what the toolchain's exec_compatible_with wants that the platform lacks. */
      readonly execMismatch: readonly { readonly platform: string; readonly mismatch: readonly ConstraintMismatch[] }[];
      readonly selected: boolean;
    }[];
  }[];
  /** Why resolution failed (the message after "While resolving toolchains for target …: "). */
  readonly error?: string;
}

export type ToolchainResolution = (ResolvedToolchains | { readonly error: string }) & { readonly explanation?: ToolchainExplanation };

interface DeclaredToolchain {
  readonly label: string;
  readonly type: string;
  readonly toolchain: Label;
  readonly exec: readonly Label[];
  readonly target: readonly Label[];
  /** target_settings: config_settings the target configuration must match. */
  readonly settings: readonly Label[];
  readonly rule: RuleTarget;
}

const CPP_TOOLCHAIN_TYPE = '@bazel_tools//tools/cpp:toolchain_type';

/** What --toolchain_resolution_debug has printed in one command (see ToolchainResolver.trace). */
export interface ResolutionTraceMemo {
  readonly contexts: Set<string>;
  readonly singles: Set<string>;
}

/**
 * Which labels --toolchain_resolution_debug asks about, or undefined when it is off. 4.2.3's flag is a boolean
 * (every resolution); current Bazel's a RegexFilter over toolchain types and targets: comma-separated regular
 * expressions, those with a leading `-` excluding, each found anywhere in the label (default `-.*`: none).
 */
export function toolchainDebugFilter(commandLine: CommandLine, profile: Profile): ((label: string) => boolean) | undefined {
  const v = lastValue(commandLine.options, 'toolchain_resolution_debug')?.value;
  if (profile.toolchains.messages === 'bazel4') return v === true ? () => true : undefined;
  if (typeof v !== 'string') return undefined;
  const include: RegExp[] = [];
  const exclude: RegExp[] = [];
  for (const part of v.split(',')) {
    if (part === '') continue;
    try {
      if (part.startsWith('-')) exclude.push(new RegExp(part.slice(1)));
      else include.push(new RegExp(part));
    } catch {
      continue;
    }
  }
  if (include.length === 0 && exclude.some((r) => r.source === '.*')) return undefined;
  // Labels are matched as current Bazel prints them (canonical).
  return (label) => {
    const l = canonical(label);
    return (include.length === 0 || include.some((r) => r.test(l))) && !exclude.some((r) => r.test(l));
  };
}

/** Current Bazel prints a label of another repository in canonical form (`@@bazel_tools//…`). */
function canonical(label: string): string {
  return label.startsWith('@') && !label.startsWith('@@') ? '@' + label : label;
}

/** The string arguments of each top-level `fn(...)` call of a WORKSPACE or MODULE.bazel file, in order. */
export function registrations(source: SourceFile, fn: string, profile: Profile): string[] {
  const { file } = parse(source, { dialect: 'build', semantics: profile.starlark });
  const out: string[] = [];
  for (const st of file.stmts) {
    if (st.kind !== 'ExprStmt' || st.x.kind !== 'CallExpr') continue;
    const call: CallExpr = st.x;
    if (call.fn.kind !== 'Ident' || call.fn.name !== fn) continue;
    for (const a of call.args) if (a.form === 'positional') out.push(...strings(a.value));
  }
  return out;
}

function strings(e: Expr): string[] {
  if (e.kind === 'Literal' && typeof e.value === 'string') return [e.value];
  if (e.kind === 'ListExpr' || e.kind === 'TupleExpr') return e.elems.flatMap((x) => strings(x));
  return [];
}

export class ToolchainResolver {
  private toolchainList?: readonly DeclaredToolchain[] | { error: string };
  private platformList?: readonly PlatformInfo[] | { error: string };
  private readonly typeCache = new Map<string, string | { error: string }>();

  private readonly lookup: TargetLookup;
  private readonly commandLine: CommandLine;
  private readonly profile: Profile;

  constructor(private readonly ctx: ConfigContext) {
    this.lookup = lookupOf(ctx);
    this.commandLine = ctx.commandLine;
    this.profile = ctx.profile;
  }

  /** What a toolchain wants of the target configuration and platform that it lacks (none: it fits). */
  private targetMismatches(d: DeclaredToolchain, target: Configuration): ConstraintMismatch[] {
    const out = this.mismatches(target.constraints, d.target);
    for (const key of d.settings) {
      const m = matchCondition(key, d.rule, target, this.ctx);
      if (!m.matches) out.push({ wanted: labelToString(key), actual: m.error ? 'cannot be used' : 'does not match', setting: true });
    }
    return out;
  }

  /** The registered patterns of a kind: flags first, then the workspace file's calls, then Bazel's own. */
  private patterns(flag: string, fn: string, builtin: readonly string[]): string[] {
    const fromFlags = allValues(this.commandLine.options, flag).flatMap((o) => String(o.value).split(',')).filter((s) => s !== '');
    const ws = this.lookup.loader.workspace;
    const fromFile: string[] = [];
    for (const f of ['WORKSPACE', 'WORKSPACE.bazel', 'MODULE.bazel']) {
      const source = ws.source(f);
      if (source) fromFile.push(...registrations(source, fn, this.profile));
    }
    return [...fromFlags, ...fromFile, ...builtin];
  }

  /** The targets a registration pattern names: a wildcard keeps the rules of `ruleClass`; a label is kept as is. */
  private expand(raw: string, ruleClass: string): { targets: Target[] } | { error: string } {
    let p;
    try {
      p = parseTargetPattern(raw, { dialect: this.profile.labels });
    } catch (e) {
      if (e instanceof TargetParsingError) return { error: `error parsing target pattern "${raw}": ${e.message}` };
      throw e;
    }
    if (p.kind === 'single') {
      const r = this.lookup.get(p.label);
      return 'error' in r ? { error: r.error } : { targets: [r.target] };
    }
    if (p.kind === 'path') return { error: `invalid target pattern '${raw}'` };
    const pkgs = p.kind === 'package' ? [p.pkg] : this.packagesBelow(p.repo, p.dir);
    const targets: Target[] = [];
    for (const pkg of pkgs) {
      const found = this.lookup.packageOf({ repo: p.repo, pkg, name: '' });
      const pkgId = `${p.repo ? `@${p.repo}//` : ''}${pkg}`;
      if (!found) {
        if (p.kind === 'package') return { error: `no such package '${pkgId}'` };
        continue;
      }
      if (found.inError) return { error: `error loading package '${pkgId}': Package '${pkgId}' contains errors` };
      for (const name of [...found.targets.keys()].sort()) {
        const t = this.lookup.target({ repo: p.repo, pkg, name });
        if (t && t.kind === 'rule' && t.ruleClass === ruleClass) targets.push(t);
      }
    }
    return { targets };
  }

  private packagesBelow(repo: string, dir: string): string[] {
    if (repo !== '') return [dir];
    return this.lookup.loader.workspace.packages.filter((p) => dir === '' || p === dir || p.startsWith(dir + '/'));
  }

  /** The toolchain_type a label finally names (through aliases), or why it names none. */
  typeOf(label: Label): string | { error: string } {
    const key = labelToString(label);
    let r = this.typeCache.get(key);
    if (r === undefined) {
      r = this.followAliases(label, 'toolchain_type');
      this.typeCache.set(key, r);
    }
    return r;
  }

  /** The label of the `ruleClass` rule a label names, through aliases; or why it names none. */
  private followAliases(label: Label, ruleClass: string): string | { error: string } {
    const r = this.lookup.get(label);
    if ('error' in r) return r;
    const t = throughAliases(this.lookup, r.target);
    if (t && t.kind === 'rule' && t.ruleClass === ruleClass) return labelToString(t.label);
    return { error: `target '${labelToString(label)}' is not a ${ruleClass}` };
  }

  private toolchains(): readonly DeclaredToolchain[] | { error: string } {
    if (this.toolchainList) return this.toolchainList;
    const out: DeclaredToolchain[] = [];
    for (const raw of this.patterns('extra_toolchains', 'register_toolchains', this.profile.toolchains.registered)) {
      const r = this.expand(raw, 'toolchain');
      if ('error' in r) return (this.toolchainList = { error: `invalid registered toolchain '${raw}': ${r.error}` });
      for (const t of r.targets) {
        if (t.kind !== 'rule' || t.ruleClass !== 'toolchain') {
          return (this.toolchainList = { error: `invalid registered toolchain '${raw}': target does not provide the DeclaredToolchainInfo provider` });
        }
        const typeLabel = labelAttr(t, 'toolchain_type');
        const impl = labelAttr(t, 'toolchain');
        if (!typeLabel || !impl) continue;
        const type = this.typeOf(typeLabel);
        if (typeof type !== 'string') return (this.toolchainList = { error: `invalid registered toolchain '${raw}': ${type.error}` });
        if (out.some((d) => d.label === labelToString(t.label))) continue;
        out.push({ label: labelToString(t.label), type, toolchain: impl, exec: labelListAttr(t, 'exec_compatible_with'), target: labelListAttr(t, 'target_compatible_with'), settings: labelListAttr(t, 'target_settings'), rule: t });
      }
    }
    return (this.toolchainList = out);
  }

  private executionPlatforms(hostPlatform: string): readonly PlatformInfo[] | { error: string } {
    if (this.platformList) return this.platformList;
    const out: PlatformInfo[] = [];
    for (const raw of this.patterns('extra_execution_platforms', 'register_execution_platforms', [])) {
      const r = this.expand(raw, 'platform');
      if ('error' in r) return (this.platformList = { error: `invalid registered execution platform '${raw}': ${r.error}` });
      for (const t of r.targets) {
        const p = resolvePlatform(labelToString(t.label), this.lookup, this.profile);
        if ('error' in p) return (this.platformList = { error: p.error });
        if (!out.some((x) => x.label === p.label)) out.push(p);
      }
    }
    const host = resolvePlatform(hostPlatform, this.lookup, this.profile);
    if (!('error' in host) && !out.some((x) => x.label === host.label)) out.push(host);
    return (this.platformList = out);
  }

  private compatible(constraints: ReadonlyMap<string, string>, values: readonly Label[]): boolean {
    return this.mismatches(constraints, values).length === 0;
  }

  private mismatches(constraints: ReadonlyMap<string, string>, values: readonly Label[]): ConstraintMismatch[] {
    const out: ConstraintMismatch[] = [];
    for (const v of values) {
      const m = hasConstraint(constraints, v, this.lookup);
      if ('error' in m) out.push({ wanted: labelToString(v), actual: m.error });
      else if (!m.matches) out.push({ wanted: labelToString(v), actual: m.actual });
    }
    return out;
  }

  private explain(
    types: readonly { request: ToolchainRequest; type: string }[],
    registered: readonly DeclaredToolchain[],
    target: Configuration,
    candidates: readonly PlatformInfo[],
    chosen: { execPlatform: string; toolchains: ResolvedToolchains['toolchains'] } | undefined,
    error?: string,
  ): ToolchainExplanation {
    return {
      targetPlatform: target.platform,
      executionPlatforms: candidates.map((p) => p.label),
      ...(chosen ? { selectedExecutionPlatform: chosen.execPlatform } : {}),
      types: types.map((t, i) => {
        const sel = chosen?.toolchains[i]?.toolchain;
        const selected = sel ? labelToString(sel) : undefined;
        let marked = false;
        return {
          requested: labelToString(t.request.type),
          type: t.type,
          mandatory: t.request.mandatory,
          ...(selected ? { selected } : {}),
          candidates: registered
            .filter((d) => d.type === t.type)
            .map((d) => {
              const targetMismatch = this.targetMismatches(d, target);
              const execMismatch = candidates.map((p) => ({ platform: p.label, mismatch: this.mismatches(p.constraints, d.exec) }));
              const onChosen = chosen ? execMismatch.find((e) => e.platform === chosen.execPlatform)?.mismatch.length === 0 : false;
              const isSelected = !marked && selected === labelToString(d.toolchain) && targetMismatch.length === 0 && onChosen;
              if (isSelected) marked = true;
              return { toolchain: d.label, implementation: labelToString(d.toolchain), targetMismatch, execMismatch, selected: isSelected };
            }),
        };
      }),
      ...(error !== undefined ? { error } : {}),
    };
  }

  /**
   * Resolves a rule's toolchain requests for a target platform. `execCompatibleWith`: the rule's own
   * exec_compatible_with, which an execution platform must have too.
   */
  resolve(requests: readonly ToolchainRequest[], target: Configuration, hostPlatform: string, execCompatibleWith: readonly Label[] = []): ToolchainResolution {
    const registered = this.toolchains();
    if ('error' in registered) return registered;
    const platforms = this.executionPlatforms(hostPlatform);
    if ('error' in platforms) return platforms;
    const types: { request: ToolchainRequest; type: string; label: Label }[] = [];
    for (const request of requests) {
      const t = this.typeOf(request.type);
      if (typeof t !== 'string') return { error: t.error };
      types.push({ request, type: t, label: parseAbsolute(t, this.profile) as Label });
    }
    const candidates = platforms.filter((p) => this.compatible(p.constraints, execCompatibleWith));
    const fits = new Map<DeclaredToolchain, boolean>();
    const fitsTarget = (d: DeclaredToolchain) => {
      let f = fits.get(d);
      if (f === undefined) fits.set(d, (f = this.targetMismatches(d, target).length === 0));
      return f;
    };
    const found = (type: string, exec: PlatformInfo) => registered.find((d) => d.type === type && this.compatible(exec.constraints, d.exec) && fitsTarget(d));
    for (const exec of candidates) {
      const chosen = types.map((t) => ({ ...t, d: found(t.type, exec) }));
      if (chosen.every((c) => c.d || !c.request.mandatory)) {
        const resolved = { execPlatform: exec.label, toolchains: chosen.map((c) => ({ request: c.request, type: c.label, ...(c.d ? { toolchain: c.d.toolchain } : {}) })) };
        return { ...resolved, explanation: this.explain(types, registered, target, candidates, resolved) };
      }
    }
    const missing = types.filter((t) => t.request.mandatory && !candidates.some((exec) => found(t.type, exec))).map((t) => t.type);
    const error =
      missing.length === 0
        ? `Unable to find an execution platform for toolchains [${types.map((t) => t.type).join(', ')}] and target platform ${target.platform} from available execution platforms [${platforms.map((p) => p.label).join(', ')}]`
        : this.missingMessage(missing);
    return { error, explanation: this.explain(types, registered, target, candidates, undefined, error) };
  }

  /**
   * What --toolchain_resolution_debug prints for one rule's resolution, as the profile's Bazel does: each line an
   * INFO event's text. Bazel computes a resolution (per configuration, types and exec_compatible_with) and a
   * type's resolution (per configuration, type and execution platforms) once per command, so `memo` keeps what was
   * printed. The execution platforms the rule's exec_compatible_with removes are told before the types are
   * resolved and again after (Skyframe restarts the function once it has asked for them); the selected execution
   * platform and toolchains close it, unless resolution failed. `wanted`: whether a type's own lines are printed
   * (current Bazel's flag is a regex over types and targets; 4.2.3's a boolean).
   */
  trace(requests: readonly ToolchainRequest[], target: Configuration, hostPlatform: string, execCompatibleWith: readonly Label[], memo: ResolutionTraceMemo, wanted: (type: string) => boolean): string[] {
    const registered = this.toolchains();
    const platforms = this.executionPlatforms(hostPlatform);
    if ('error' in registered || 'error' in platforms) return [];
    const types: { request: ToolchainRequest; type: string }[] = [];
    for (const request of requests) {
      const t = this.typeOf(request.type);
      if (typeof t !== 'string') return [];
      types.push({ request, type: t });
    }
    const key = [target.id, types.map((t) => `${t.type}${t.request.mandatory ? '' : '?'}`).join(','), execCompatibleWith.map(labelToString).join(',')].join(' ');
    if (memo.contexts.has(key)) return [];
    memo.contexts.add(key);
    const show = (label: string) => (this.profile.toolchains.messages === 'current' ? canonical(label) : label);
    const removed: string[] = [];
    for (const p of platforms) {
      for (const c of execCompatibleWith) {
        if (this.mismatches(p.constraints, [c]).length > 0) removed.push(`ToolchainResolution: Removed execution platform ${show(p.label)} from available execution platforms, it is missing constraint ${show(labelToString(c))}`);
      }
    }
    const candidates = platforms.filter((p) => this.compatible(p.constraints, execCompatibleWith));
    const out = [...removed];
    let asked = false;
    const selections: Map<string, string>[] = [];
    for (const t of types) {
      const single = this.single(t.type, registered, target, candidates, show);
      selections.push(single.selected);
      const singleKey = [target.id, t.type, candidates.map((p) => p.label).join(',')].join(' ');
      if (memo.singles.has(singleKey)) continue;
      memo.singles.add(singleKey);
      asked = true;
      if (wanted(t.type)) out.push(...single.lines);
    }
    if (asked) out.push(...removed);
    if (types.some((t, i) => t.request.mandatory && selections[i]!.size === 0)) return out;
    const exec = candidates.find((p) => types.every((t, i) => !t.request.mandatory || selections[i]!.has(p.label)));
    if (!exec) return out;
    const chosen = types.flatMap((t, i) => {
      const impl = selections[i]!.get(exec.label);
      return impl ? [`type ${show(t.type)} -> toolchain ${show(impl)}`] : [];
    });
    out.push(`ToolchainResolution: Target platform ${show(target.platform)}: Selected execution platform ${show(exec.label)}, ${chosen.join(', ')}`);
    return out;
  }

  /**
   * One type's resolution on each execution platform (the first registered toolchain that fits the target
   * platform and that execution platform) and its debug lines: 4.2.3 prints each line as an event; current Bazel
   * one event of many lines, and stops once every execution platform has a toolchain.
   */
  private single(type: string, registered: readonly DeclaredToolchain[], target: Configuration, candidates: readonly PlatformInfo[], show: (label: string) => string): { selected: Map<string, string>; lines: string[] } {
    const bazel4 = this.profile.toolchains.messages === 'bazel4';
    const selected = new Map<string, string>();
    const lines: string[] = [];
    const T = show(type);
    const TP = show(target.platform);
    const values = (m: readonly ConstraintMismatch[]) => `mismatching values: ${m.map((x) => x.wanted.slice(x.wanted.lastIndexOf(':') + 1)).join(', ')}`;
    if (!bazel4) lines.push(`Performing resolution of ${T} for target platform ${TP}`);
    const ofType = registered.filter((d) => d.type === type);
    // A toolchain whose target_settings the configuration does not match is not a candidate.
    const settingsFit = (d: DeclaredToolchain) => this.targetMismatches(d, target).every((m) => !m.setting);
    for (const d of ofType.filter(settingsFit)) {
      const impl = labelToString(d.toolchain);
      const tm = this.mismatches(target.constraints, d.target);
      if (tm.length > 0) {
        lines.push(bazel4 ? `    Type ${T}: target platform ${TP}: Rejected toolchain ${show(impl)}; ${values(tm)}` : `  Rejected toolchain ${show(impl)}; ${values(tm)}`);
        continue;
      }
      if (!bazel4) lines.push(`  Toolchain ${show(impl)} is compatible with target platform, searching for execution platforms:`);
      let done = true;
      for (const p of candidates) {
        if (selected.has(p.label)) {
          if (!bazel4) lines.push(`    Skipping execution platform ${show(p.label)}; it has already selected a toolchain`);
          continue;
        }
        const em = this.mismatches(p.constraints, d.exec);
        if (em.length > 0) {
          done = false;
          lines.push(bazel4 ? `    Type ${T}: execution platform ${show(p.label)}: Rejected toolchain ${show(impl)}; ${values(em)}` : `    Incompatible execution platform ${show(p.label)}; ${values(em)}`);
          continue;
        }
        lines.push(bazel4 ? `  Type ${T}: target platform ${TP}: execution ${show(p.label)}: Selected toolchain ${show(impl)}` : `    Compatible execution platform ${show(p.label)}`);
        selected.set(p.label, impl);
      }
      if (!bazel4 && done) {
        lines.push(`  All execution platforms have been assigned a ${T} toolchain, stopping`);
        break;
      }
    }
    if (bazel4) {
      if (selected.size === 0) lines.push(`  Type ${T}: target platform ${TP}: No toolchains found.`);
      return { selected, lines: lines.map((l) => `ToolchainResolution: ${l}`) };
    }
    if (selected.size === 0) lines.push(`No ${T} toolchain found for target platform ${TP}.`);
    else {
      lines.push(`Recap of selected ${T} toolchains for target platform ${TP}:`);
      for (const [p, impl] of selected) lines.push(`  Selected ${show(impl)} to run on execution platform ${show(p)}`);
    }
    return { selected, lines: [lines.map((l, i) => `${i === 0 ? '' : ' '.repeat('INFO: '.length)}ToolchainResolution: ${l}`).join('\n')] };
  }

  private missingMessage(missing: readonly string[]): string {
    if (this.profile.toolchains.messages === 'bazel4') {
      if (missing.includes(CPP_TOOLCHAIN_TYPE)) {
        return `No matching toolchains found for types ${missing.join(', ')}. Maybe --incompatible_use_cc_configure_from_rules_cc has been flipped and there is no default C++ toolchain added in the WORKSPACE file? See https://github.com/bazelbuild/bazel/issues/10134 for details and migration instructions.`;
      }
      return `no matching toolchains found for types ${missing.join(', ')}`;
    }
    // Current Bazel prints labels in canonical form (`@@bazel_tools//…`).
    const names = missing.map(canonical);
    return (
      `No matching toolchains found for types ${names.join(', ')}.` +
      `\nTo debug, rerun with --toolchain_resolution_debug='${names.join('|')}'` +
      `\nIf platforms or toolchains are a new concept for you, we'd encourage reading https://bazel.build/concepts/platforms-intro.`
    );
  }
}
