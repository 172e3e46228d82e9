// The configured target graph: every target reachable from the roots, each in the configuration it is built
// in, with select()s resolved. Tools (schema `tool: true`) are in the exec configuration — the host one under
// the 4.2.3 profile; source files have no configuration (cquery prints "(null)"); aliases stay nodes, with an
// edge to their (resolved) actual; the config_settings a select() mentions are dependencies of the rule in the
// rule's configuration (all keys, matching or not — cquery deps() shows them); rules that resolve toolchains
// (genrule, …) depend on the target platform and, in the host/exec configuration, on the execution platform
// when implicit deps are on.
//
// Analysis errors (a select() with no or an ambiguous match, an invalid condition, a broken config_setting)
// are collected with Bazel's wording and location; the commands decide exit codes and the final lines
// ("Analysis of target '//x' failed; build aborted: …").

import type { Diagnostic } from '../base/index.ts';
import {
  allAttributes,
  attrValue,
  Configurable,
  isLabelType,
  labelsIn,
  labelToString,
  type AttrSpec,
  type BuildEvent,
  type Label,
  type PlainAttrValue,
  type RuleTarget,
  type Target,
} from '../loading/index.ts';
import { execConfiguration, lookupOf, targetConfiguration, type ConfigContext, type Configuration } from './configuration.ts';
import { matchConfigSetting, resolveAttribute, settingErrorText, type SelectExplanation } from './matching.ts';
import { parseAbsolute } from './platforms.ts';

export interface ConfiguredTarget {
  readonly target: Target;
  /** null for source files (cquery prints "(null)"). */
  readonly config: Configuration | null;
  /** `${label} (${config?.id ?? 'null'})`, unique. */
  readonly key: string;
}

export interface ConfiguredEdge {
  /** The attribute; `$config_dependencies` for select() keys, `$target_platform`/`$exec_platform` for platforms. */
  readonly attr: string;
  readonly to: ConfiguredTarget;
  readonly tool: boolean;
}

export interface ConfiguredGraph {
  readonly roots: readonly ConfiguredTarget[];
  /** Every configured target, in the order they were reached (breadth-first from the roots). */
  readonly targets: readonly ConfiguredTarget[];
  deps(ct: ConfiguredTarget): readonly ConfiguredEdge[];
  /** Every select() resolved for this target, for the Why panel. */
  explanations(ct: ConfiguredTarget): readonly SelectExplanation[];
  /** All of them by configured-target key — what CommandResult.explanations.selects holds. */
  allExplanations(): Record<string, readonly SelectExplanation[]>;
  /** An attribute with its select()s resolved (undefined when resolving it failed, or for non-rules). */
  attribute(ct: ConfiguredTarget, attr: string): PlainAttrValue | undefined;
  /** Whether analysing this target (not its deps) failed. */
  failed(ct: ConfiguredTarget): boolean;
  /**
   * Why analysing this target failed, as the text Bazel puts after "build aborted: " (a select() error, or
   * "Analysis of target '//pkg:setting' failed" for a broken config_setting it uses).
   */
  failure(ct: ConfiguredTarget): string | undefined;
  /** The first failure in the target's transitive closure (itself first), breadth-first. */
  firstFailure(ct: ConfiguredTarget): { target: ConfiguredTarget; message: string } | undefined;
  /** Analysis errors, Bazel-worded and located (message without the location). */
  readonly errors: readonly Diagnostic[];
  /** Console lines as Bazel prints them (`/ws/pkg/BUILD:4:8: Configurable attribute …`), severity error. */
  readonly events: readonly BuildEvent[];
  /** The target configuration (null when the command line gave no valid one; see errors). */
  readonly targetConfig: Configuration | null;
}

export interface GraphOptions {
  readonly keepGoing?: boolean;
  /** Follow implicit dependencies (genrule's setup script, platforms). Default true. */
  readonly implicitDeps?: boolean;
}

interface NodeData {
  deps: ConfiguredEdge[];
  explanations: SelectExplanation[];
  attrs: Map<string, PlainAttrValue>;
  failed: boolean;
}

function nodeKey(t: Target, config: Configuration | null): string {
  return `${labelToString(t.label)} (${config?.id ?? 'null'})`;
}

function implicitLabel(s: string): Label {
  const m = /^(?:@([^/]*))?\/\/([^:]*):(.*)$/.exec(s)!;
  return { repo: m[1] ?? '', pkg: m[2]!, name: m[3]! };
}

export function configuredGraph(roots: readonly Label[], ctx: ConfigContext, opts: GraphOptions = {}): ConfiguredGraph {
  const implicitDeps = opts.implicitDeps !== false;
  const lookup = lookupOf(ctx);
  const nodes = new Map<string, ConfiguredTarget>();
  const data = new Map<string, NodeData>();
  const order: ConfiguredTarget[] = [];
  const errors: Diagnostic[] = [];
  const events: BuildEvent[] = [];
  const includeModern = ctx.profile.name === 'modern';
  const schemaAttrs = new Map<RuleTarget['schema'], AttrSpec[]>();

  const locationOf = (t: Target): Pick<Diagnostic, 'file' | 'range'> => {
    const loc = 'location' in t ? t.location : { file: '', line: 1, column: 1 };
    return { file: loc.file, range: { start: { line: loc.line, column: loc.column }, end: { line: loc.line, column: loc.column } } };
  };
  const fail = (t: Target, message: string): void => {
    const loc = 'location' in t ? t.location : { file: '', line: 1, column: 1 };
    const d: Diagnostic = { ...locationOf(t), severity: 'error', message, kind: 'analysis' };
    errors.push(d);
    events.push({ severity: 'error', text: `${loc.file ? `${ctx.workspaceDir}/${loc.file}:${loc.line}:${loc.column}: ` : ''}${message}`, diagnostic: d });
  };

  const tc = targetConfiguration(ctx);
  if ('error' in tc && tc.toolchains) {
    // Each root fails its analysis with the platform error (Bazel resolves toolchains per target).
    const first = roots.map((l) => lookup.target(l)).find((t) => t !== undefined);
    const text = first ? `While resolving toolchains for target ${labelToString(first.label)}: ${tc.error}` : tc.error;
    const d: Diagnostic = { file: '', range: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } }, severity: 'error', message: text, kind: 'analysis' };
    return {
      roots: [], targets: [], deps: () => [], explanations: () => [], allExplanations: () => ({}), attribute: () => undefined, failed: () => true,
      failure: () => tc.error, firstFailure: () => undefined,
      errors: [d], events: [{ severity: 'error', text, diagnostic: d }], targetConfig: null,
    };
  }
  if ('error' in tc) {
    const d: Diagnostic = { file: '', range: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } }, severity: 'error', message: tc.error, kind: 'command' };
    return {
      roots: [], targets: [], deps: () => [], explanations: () => [], allExplanations: () => ({}), attribute: () => undefined, failed: () => true,
      failure: () => tc.error, firstFailure: () => undefined,
      errors: [d], events: [...tc.before, { severity: 'error', text: tc.error, diagnostic: d }], targetConfig: null,
    };
  }
  const target = tc;
  const exec = execConfiguration(target, ctx);
  // 4.2.3 builds genrule `tools` in the host configuration but `exec_tools` in the exec one.
  const execTools = execConfiguration(target, ctx, 'exec');

  const queue: ConfiguredTarget[] = [];
  const node = (t: Target, config: Configuration | null): ConfiguredTarget => {
    const c = t.kind === 'source file' ? null : config;
    const key = nodeKey(t, c);
    let n = nodes.get(key);
    if (!n) {
      n = { target: t, config: c, key };
      nodes.set(key, n);
      data.set(key, { deps: [], explanations: [], attrs: new Map(), failed: false });
      order.push(n);
      queue.push(n);
    }
    return n;
  };

  // A config_setting's own analysis: its declaration errors are reported where it is declared, before the
  // select() that uses it reports "While resolving configuration keys for …".
  const settingsChecked = new Set<string>();
  const checkSetting = (ct: ConfiguredTarget): void => {
    const rule = ct.target;
    if (settingsChecked.has(ct.key) || rule.kind !== 'rule' || rule.ruleClass !== 'config_setting' || !ct.config) return;
    settingsChecked.add(ct.key);
    const m = matchConfigSetting(rule, ct.config, ctx);
    if (!m.error) return;
    const label = labelToString(rule.label);
    fail(rule, settingErrorText(rule, m.error));
    data.get(ct.key)!.failed = true;
    failures.set(ct.key, `Analysis of target '${label}' failed`);
  };
  const failures = new Map<string, string>();
  /** A select() that failed: a broken config_setting key is reported unlocated, as Bazel does. */
  const attrError = (ct: ConfiguredTarget, message: string, attr: string): void => {
    const dd = data.get(ct.key)!;
    if (dd.failed) return; // one error per target, as Bazel stops analysing it at the first
    dd.failed = true;
    if (/^Analysis of target '.*' failed$/.test(message)) {
      const text = `While resolving configuration keys for ${labelToString(ct.target.label)}: ${message}`;
      const dg: Diagnostic = { ...locationOf(ct.target), severity: 'error', message: text, kind: 'analysis' };
      errors.push(dg);
      events.push({ severity: 'error', text, diagnostic: dg });
      failures.set(ct.key, message);
      return;
    }
    // Bazel repeats a located error after "build aborted: " with its location.
    const text = /^target '.*' is not visible from target /.test(message) && ct.target.kind === 'rule'
      ? `in ${attr} attribute of ${ct.target.ruleClass} rule ${labelToString(ct.target.label)}: ${message}`
      : message;
    fail(ct.target, text);
    failures.set(ct.key, events[events.length - 1]!.text);
  };

  const rootNodes: ConfiguredTarget[] = [];
  for (const l of roots) {
    const r = lookup.get(l);
    if ('error' in r) continue;
    rootNodes.push(node(r.target, target));
  }

  const attributesOf = (schema: RuleTarget['schema']): AttrSpec[] => {
    let a = schemaAttrs.get(schema);
    if (!a) schemaAttrs.set(schema, (a = allAttributes(schema, includeModern)));
    return a;
  };
  for (let qi = 0; qi < queue.length; qi++) {
    const ct = queue[qi]!;
    const d = data.get(ct.key)!;
    const t = ct.target;
    const config = ct.config;
    const addEdge = (attr: string, l: Label, cfg: Configuration | null, tool: boolean, owner: Target): void => {
      const r = lookup.get(l);
      if ('error' in r) {
        if (attr === '$config_dependencies') return; // reported by the select() as an invalid condition
        fail(owner, r.error);
        d.failed = true;
        failures.set(ct.key, r.error);
        return;
      }
      const to = node(r.target, cfg);
      if (!d.deps.some((e) => e.to === to && e.attr === attr)) d.deps.push({ attr, to, tool });
    };
    if (t.kind === 'generated file') {
      addEdge('$generating_rule', t.rule, config, false, t);
      continue;
    }
    if (t.kind === 'package group') {
      for (const l of t.includes) addEdge('includes', l, null, false, t);
      continue;
    }
    if (t.kind !== 'rule' || !config) continue;
    const rule: RuleTarget = t;
    if (rule.ruleClass === 'config_setting') checkSetting(ct);
    for (const spec of attributesOf(rule.schema)) {
      if (!isLabelType(spec.type) || spec.type.startsWith('nodep') || spec.name === 'visibility') continue;
      const tool = spec.tool === true;
      const depConfig = tool ? (spec.name === 'exec_tools' ? execTools : exec) : config;
      if (spec.implicit) {
        if (!implicitDeps) continue;
        const v = attrValue(rule, spec.name);
        if (typeof v === 'string') addEdge(spec.name, implicitLabel(v), depConfig, tool, rule);
        continue;
      }
      const raw = rule.attrs.get(spec.name);
      if (raw === undefined) continue;
      if (raw instanceof Configurable) {
        // Every key is a dependency, in the rule's configuration.
        for (const part of raw.parts) {
          if (part.kind !== 'selector') continue;
          for (const b of part.branches) if (!b.isDefault) addEdge('$config_dependencies', b.key, config, false, rule);
        }
        for (const e of d.deps) if (e.attr === '$config_dependencies') checkSetting(e.to);
      }
      const r = resolveAttribute(rule, spec.name, config, ctx);
      if (r.explanation) d.explanations.push(r.explanation);
      if ('error' in r) {
        attrError(ct, r.error, spec.name);
        continue;
      }
      d.attrs.set(spec.name, r.value);
      for (const l of labelsIn(spec.type, r.value)) addEdge(spec.name, l, depConfig, tool, rule);
    }
    // Selects on non-label attributes (cmd, …) are resolved too, for their explanations and errors.
    for (const [name, raw] of rule.attrs) {
      if (!(raw instanceof Configurable) || d.attrs.has(name)) continue;
      const spec = attributesOf(rule.schema).find((s) => s.name === name);
      if (spec && isLabelType(spec.type) && !spec.type.startsWith('nodep')) continue;
      for (const part of raw.parts) {
        if (part.kind !== 'selector') continue;
        for (const b of part.branches) if (!b.isDefault) addEdge('$config_dependencies', b.key, config, false, rule);
      }
      for (const e of d.deps) if (e.attr === '$config_dependencies') checkSetting(e.to);
      const r = resolveAttribute(rule, name, config, ctx);
      if (r.explanation) d.explanations.push(r.explanation);
      if ('error' in r) {
        attrError(ct, r.error, name);
        continue;
      }
      d.attrs.set(name, r.value);
    }
    if (implicitDeps && ctx.profile.platformEdges.rules.includes(rule.ruleClass)) {
      const tp = parseAbsolute(config.platform, ctx.profile);
      if (!('error' in tp)) addEdge('$target_platform', tp, config, false, rule);
      const ep = ctx.profile.platformEdges.execPlatform ? parseAbsolute(exec.platform, ctx.profile) : undefined;
      if (ep && !('error' in ep)) addEdge('$exec_platform', ep, exec, true, rule);
    }
    if (rule.ruleClass === 'platform' && implicitDeps) {
      for (const l of labelsIn('label_list', attrValue(rule, 'constraint_values') ?? [])) addEdge('constraint_values', l, config, false, rule);
    }
  }

  return {
    roots: rootNodes,
    targets: order,
    deps: (ct) => data.get(ct.key)?.deps ?? [],
    explanations: (ct) => data.get(ct.key)?.explanations ?? [],
    allExplanations: () => {
      const out: Record<string, readonly SelectExplanation[]> = {};
      for (const n of order) {
        const e = data.get(n.key)!.explanations;
        if (e.length > 0) out[n.key] = e;
      }
      return out;
    },
    attribute: (ct, attr) => {
      const dd = data.get(ct.key);
      if (!dd || ct.target.kind !== 'rule') return undefined;
      if (dd.attrs.has(attr)) return dd.attrs.get(attr);
      const v = attrValue(ct.target, attr);
      return v instanceof Configurable ? undefined : v;
    },
    failed: (ct) => data.get(ct.key)?.failed ?? false,
    failure: (ct) => failures.get(ct.key),
    firstFailure: (ct) => {
      // Breadth-first from ct: the first target of its closure whose analysis failed.
      const seen = new Set<string>();
      const q = [ct];
      while (q.length > 0) {
        const n = q.shift()!;
        if (seen.has(n.key)) continue;
        seen.add(n.key);
        const f = failures.get(n.key);
        if (f !== undefined) return { target: n, message: f };
        for (const e of data.get(n.key)?.deps ?? []) q.push(e.to);
      }
      return undefined;
    },
    errors,
    events,
    targetConfig: target,
  };
}
