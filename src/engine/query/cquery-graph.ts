// cquery's QueryGraph: the configured-target graph that analysis builds (config/configured.ts's view of it) seen
// through the query engine, and the config(x, cfg) function cquery adds.
//
// A node is a ConfiguredTarget; it prints as `//pkg:t (<config id>)`, `(null)` for source files and `(HOST)` for
// Bazel 4.2.3's host configuration. A target pattern names the configured targets of the graph with those
// labels, the top-level (target) configuration first — Bazel's getConfiguredTarget tries the target, then the
// host/exec, then the null configuration. Edges are the resolved ones (only the chosen select() branch, plus
// the select() keys); --noimplicit_deps drops the implicit ones, --notool_deps/--nohost_deps the exec/host ones. Results print in the order they were found (Bazel 4.2.3's cquery does not sort:
// deps() lists targets as its breadth-first walk reaches them). Package-level functions (siblings, buildfiles, tests, visible) do not exist.

import type { Profile } from '../base/index.ts';
import { compareLabels, labelToString, parseTargetPattern, TargetParsingError, type BuildEvent, type Target, type TargetPattern } from '../loading/index.ts';
import type { ConfiguredGraph, ConfiguredTarget } from '../config/index.ts';
import { BazelCrash, evaluationError, QueryEvalError, type NodeSet, type QueryEdge, type QueryGraph } from './environment.ts';
import { wordArg, type QueryFunction } from './function.ts';
import type { TargetGraph } from './target-graph.ts';
import { bazelAttributeOrder } from './graph.ts';

export interface ConfiguredQueryOptions {
  readonly keepGoing: boolean;
  /** Follow exec/host (tool) edges. */
  readonly toolDeps: boolean;
  /** Follow implicit edges (`$genrule_setup`, platforms). */
  readonly implicitDeps: boolean;
  /** --universe_scope as given (absent or empty: the query's own patterns were the universe). */
  readonly universeScope?: readonly string[];
}

/** How cquery prints a configuration: its short id, `null`, or `HOST` (4.2.3's host configuration). */
export function configName(ct: ConfiguredTarget): string | null {
  if (!ct.config) return null;
  return ct.config.kind === 'host' ? 'HOST' : ct.config.id;
}

export class ConfiguredQueryGraph implements QueryGraph<ConfiguredTarget> {
  readonly command = 'cquery' as const;
  readonly profile: Profile;
  readonly events: BuildEvent[] = [];
  readonly skippedErrors: string[] = [];
  private readonly byLabel = new Map<string, ConfiguredTarget[]>();
  private readonly edgeCache = new Map<string, QueryEdge<ConfiguredTarget>[]>();

  constructor(
    readonly configured: ConfiguredGraph,
    /** The unconfigured graph, to resolve target patterns to labels. */
    readonly unconfigured: TargetGraph,
    readonly opts: ConfiguredQueryOptions,
  ) {
    this.profile = unconfigured.profile;
    for (const ct of configured.targets) {
      const k = labelToString(ct.target.label);
      let l = this.byLabel.get(k);
      if (!l) this.byLabel.set(k, (l = []));
      l.push(ct);
    }
    const rank = (ct: ConfiguredTarget) => (ct.config === null ? 2 : ct.config.kind === 'target' ? 0 : 1);
    for (const l of this.byLabel.values()) l.sort((a, b) => rank(a) - rank(b));
  }

  key(ct: ConfiguredTarget): string {
    return ct.key;
  }

  target(ct: ConfiguredTarget): Target {
    return ct.target;
  }

  config(ct: ConfiguredTarget): string | null {
    return configName(ct);
  }

  compare(a: ConfiguredTarget, b: ConfiguredTarget): number {
    const c = compareLabels(a.target.label, b.target.label);
    if (c !== 0) return c;
    const x = configName(a) ?? '';
    const y = configName(b) ?? '';
    return x < y ? -1 : x > y ? 1 : 0;
  }

  report(message: string, keepGoingMessage = message): void {
    if (!this.opts.keepGoing) throw new QueryEvalError(message);
    this.skippedErrors.push(message);
    if (keepGoingMessage) this.events.push({ severity: 'error', text: keepGoingMessage });
  }

  /** The configured target a label has in the graph (target configuration first). */
  configuredOf(label: string): ConfiguredTarget | undefined {
    return this.byLabel.get(label)?.[0];
  }

  resolvePattern(word: string): ConfiguredTarget[] {
    let parsed: TargetPattern;
    try {
      parsed = parseTargetPattern(word, { dialect: this.profile.labels, relativeDirectory: this.unconfigured.opts.relativeDirectory });
    } catch (e) {
      if (e instanceof TargetParsingError) throw new QueryEvalError(e.message);
      throw e;
    }
    if (parsed.kind === 'below' && !this.universeHasPackagesBelow(parsed.repo, parsed.dir)) {
      // Bazel reads the packages below a directory from the analysis graph (GraphBackedRecursivePackageProvider):
      // only a recursive universe pattern at or above it put them there.
      const root = this.unconfigured.loader.abs('');
      throw evaluationError(
        `Unable to load package '[${root}]/[${parsed.dir}]' because package is not in scope. Check that all target patterns in query expression are within the --universe_scope of this query.`,
      );
    }
    // Every configured target of each label in the graph (a tool's exec/host one too): Bazel's
    // getConfiguredTargetsForLabel (4.2.3: the target, host and null configurations; checked).
    const out: ConfiguredTarget[] = [];
    for (const t of this.unconfigured.resolvePattern(word)) out.push(...(this.byLabel.get(labelToString(t.label)) ?? []));
    return out;
  }

  /** Whether a positive recursive pattern of the --universe_scope covers directory `dir` (no universe: always). */
  private universeHasPackagesBelow(repo: string, dir: string): boolean {
    const universe = this.opts.universeScope ?? [];
    if (universe.length === 0) return true;
    return universe.some((u) => {
      if (u.startsWith('-')) return false;
      try {
        const p = parseTargetPattern(u, { dialect: this.profile.labels, relativeDirectory: this.unconfigured.opts.relativeDirectory });
        return p.kind === 'below' && p.repo === repo && (p.dir === '' || dir === p.dir || dir.startsWith(`${p.dir}/`));
      } catch {
        return false;
      }
    });
  }

  deps(ct: ConfiguredTarget): readonly QueryEdge<ConfiguredTarget>[] {
    const cached = this.edgeCache.get(ct.key);
    if (cached) return cached;
    const out: QueryEdge<ConfiguredTarget>[] = [];
    const seen = new Set<string>();
    for (const e of this.configured.deps(ct)) {
      if (e.tool && !this.opts.toolDeps) continue;
      if (e.implicit && !this.opts.implicitDeps) continue;
      if (seen.has(e.to.key)) continue;
      seen.add(e.to.key);
      out.push({ to: e.to, attr: e.attr, select: e.attr === '$config_dependencies', implicit: e.implicit, tool: e.tool });
    }
    // The order Bazel 4.2.3's cquery discovers dependencies in (cquery-001): tools, then the other attributes,
    // then the select() keys.
    const rank = (e: QueryEdge<ConfiguredTarget>) => (e.tool ? 0 : e.attr === '$config_dependencies' ? 2 : 1);
    out.sort((a, b) => rank(a) - rank(b));
    this.edgeCache.set(ct.key, out);
    return out;
  }

  labelsOf(ct: ConfiguredTarget, attr: string): ConfiguredTarget[] | undefined {
    // An alias's configured target is the one it stands for (AliasConfiguredTarget): labels() reads that
    // target's attributes (checked with 4.2.3: labels(srcs, alias-of-a-test) lists the test's srcs).
    let at = ct;
    for (let i = 0; i < 100 && at.target.kind === 'rule' && at.target.ruleClass === 'alias'; i++) {
      const actual = this.configured.deps(at).find((e) => e.attr === 'actual')?.to;
      if (!actual) break;
      at = actual;
    }
    if (at.target.kind !== 'rule') {
      // 4.2.3's ConfiguredTargetAccessor.getPrerequisites checks the alias's configured target is a rule's.
      if (at !== ct && this.profile.cqueryLabelsOfAliasedFileCrashes) {
        throw new BazelCrash('java.lang.IllegalArgumentException', `in '${attr}' of rule ${labelToString(ct.target.label)}:  ${labelToString(at.target.label)} is not a rule configured target`);
      }
      return [];
    }
    // Unlike query, cquery fails on a rule without the attribute (ConfiguredTargetAccessor.getPrerequisites).
    const implicitTests = attr === '$implicit_tests' && at.target.ruleClass === 'test_suite';
    if (attr !== 'name' && !implicitTests && !bazelAttributeOrder(at.target.schema, true).some((a) => a.name === attr)) {
      throw evaluationError(`in '${attr}' of rule ${labelToString(ct.target.label)}: configured target of type ${at.target.ruleClass} does not have attribute '${attr}'`);
    }
    return this.configured.deps(at).filter((e) => e.attr === attr).map((e) => e.to);
  }
}

/** config(x, cfg): the configured targets of x's labels in configuration `target`, `host`/`exec`, `null` or an id. */
export const configFunction: QueryFunction = {
  name: 'config',
  evaluate(ev, args, vars) {
    const x = ev.arg(args, 0, vars);
    const want = wordArg(args, 1);
    const g = ev.graph as unknown as ConfiguredQueryGraph;
    if (!(g instanceof ConfiguredQueryGraph)) throw evaluationError('config() is only available in cquery');
    const out: NodeSet<ConfiguredTarget> = new Map();
    const matches = (ct: ConfiguredTarget): boolean => {
      // A source file has only its null configuration: config(//p:f.txt, target) is it too.
      if (!ct.config) return true;
      if (want === 'null') return false;
      // `target` is the top-level configuration: a dependency a transition moved elsewhere is not in it.
      if (want === 'target') return ct.config.kind === 'target' && (g.configured.topLevelConfigId === undefined || ct.config.id === g.configured.topLevelConfigId);
      if (want === 'host' || want === 'exec') return ct.config.kind !== 'target';
      return ct.config.id.startsWith(want);
    };
    for (const n of x.values()) {
      const ct = n as unknown as ConfiguredTarget;
      const label = labelToString(ct.target.label);
      for (const cand of g['byLabel'].get(label) ?? []) if (matches(cand)) out.set(cand.key, cand);
    }
    if (out.size === 0) {
      if (!['null', 'target', 'host', 'exec'].includes(want) && !g.configured.targets.some((c) => c.config?.id.startsWith(want))) {
        throw evaluationError(`Unknown configuration ID '${want}'`);
      }
      throw evaluationError(`No target (in) ${[...x.values()].map((n) => labelToString(ev.graph.target(n).label)).join(' ')} could be found in the '${want}' configuration`);
    }
    return out as unknown as NodeSet<never>;
  },
};
