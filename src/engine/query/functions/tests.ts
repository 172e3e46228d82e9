// tests(x): the test rules of x, with every test_suite expanded as Bazel's TestsFunction does — a suite's
// `tests` (or, when empty, every non-manual test of its package), filtered by the suite's tags (size counts
// as a tag; `-tag` excludes, other tags must all be present; `manual` is no filter), the filter applying to the
// suite's own tests only (nested suites filter theirs). A non-test in `tests` is ignored, or with
// --strict_test_suite an error.
import { labelToString, type RuleTarget, type Target } from '../../loading/index.ts';
import { evaluationError, type NodeSet } from '../environment.ts';
import type { QueryEvaluator, QueryFunction } from '../function.ts';
import { effectiveValue } from '../attribute-values.ts';

function isTest(t: Target): t is RuleTarget {
  return t.kind === 'rule' && t.schema.test === true;
}

function isSuite(t: Target): t is RuleTarget {
  return t.kind === 'rule' && t.ruleClass === 'test_suite';
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? (v as unknown[]).filter((x): x is string => typeof x === 'string') : [];
}

/** Does the test pass the suite's tag filter? */
export function testMatchesTags<T>(ev: QueryEvaluator<T>, test: RuleTarget, node: T, suiteTags: readonly string[]): boolean {
  const pkg = ev.graph.packages?.packageOf(node);
  const tags = new Set(strings(effectiveValue(test, 'tags', pkg)));
  const size = effectiveValue(test, 'size', pkg);
  if (typeof size === 'string') tags.add(size);
  for (const raw of suiteTags) {
    if (raw === 'manual') continue;
    if (raw.startsWith('-')) {
      if (tags.has(raw.slice(1))) return false;
    } else if (!tags.has(raw.startsWith('+') ? raw.slice(1) : raw)) return false;
  }
  return true;
}

function expandSuite<T>(ev: QueryEvaluator<T>, node: T, out: NodeSet<T>, visiting: Set<string>, strict: boolean): void {
  const g = ev.graph;
  const suite = g.target(node) as RuleTarget;
  const key = g.key(node);
  if (visiting.has(key)) return;
  visiting.add(key);
  const suiteTags = strings(suite.attrs.get('tags'));
  let members = g.labelsOf(node, 'tests') ?? [];
  if (members.length === 0 && g.packages) {
    const pkg = g.packages.packageOf(node);
    members = g.packages
      .targetsOf(pkg)
      .filter((t) => isTest(g.target(t)) && !strings((g.target(t) as RuleTarget).attrs.get('tags')).includes('manual'));
  }
  for (const m of members) {
    const t = g.target(m);
    if (isTest(t)) {
      if (testMatchesTags(ev, t, m, suiteTags)) out.set(g.key(m), m);
    } else if (isSuite(t)) expandSuite(ev, m, out, visiting, strict);
    else if (strict) {
      throw evaluationError(
        `The label '${labelToString(t.label)}' in the test_suite '${labelToString(suite.label)}' does not refer to a test or test_suite rule!`,
      );
    }
  }
}

export const tests: QueryFunction = {
  name: 'tests',
  evaluate(ev, args, vars) {
    const x = ev.arg(args, 0, vars);
    const out: NodeSet<typeof x extends NodeSet<infer U> ? U : never> = new Map();
    for (const [k, n] of x) {
      const t = ev.graph.target(n);
      if (isTest(t)) out.set(k, n);
      else if (isSuite(t)) expandSuite(ev, n, out, new Set(), ev.options.strictTestSuite === true);
    }
    return out;
  },
};
