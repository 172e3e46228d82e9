// tests(x): the test rules of x, with every test_suite expanded as Bazel's TestsFunction does — a suite's
// `tests` (or, when empty, every non-manual test of its package), filtered by the suite's tags with the one tag
// filter of the loading layer (loading/test-filter.ts), the filter applying to the suite's own tests only
// (nested suites filter theirs). A non-test in `tests` is ignored, or with
// --strict_test_suite an error.
import { filterReason, type Label, isManual, isTestRule, labelToString, parseTagFilter, ruleTags, type RuleTarget, type Target } from '../../loading/index.ts';
import { evaluationError, type NodeSet } from '../environment.ts';
import type { QueryEvaluator, QueryFunction } from '../function.ts';

function isSuite(t: Target): t is RuleTarget {
  return t.kind === 'rule' && t.ruleClass === 'test_suite';
}

function expandSuite<T>(ev: QueryEvaluator<T>, node: T, out: NodeSet<T>, visiting: Set<string>, strict: boolean): void {
  const g = ev.graph;
  const suite = g.target(node) as RuleTarget;
  const key = g.key(node);
  if (visiting.has(key)) return;
  visiting.add(key);
  const filter = parseTagFilter(ruleTags(suite));
  // TestsFunction: a label of `tests` that names nothing fails the expansion of the suite.
  const listed = suite.attrs.get('tests');
  if (g.lookupError && Array.isArray(listed)) {
    for (const l of listed as readonly Label[]) {
      const err = g.lookupError(l);
      if (err !== undefined) g.report(`couldn't expand 'tests' attribute of test_suite ${labelToString(suite.label)}: ${err}`);
    }
  }
  let members = g.labelsOf(node, 'tests') ?? [];
  if (members.length === 0 && g.packages) {
    const pkg = g.packages.packageOf(node);
    members = g.packages
      .targetsOf(pkg)
      .filter((t) => isTestRule(g.target(t)) && !isManual(g.target(t)));
  } else if (members.length === 0) {
    // A configured graph (cquery) has no packages: the suite's $implicit_tests name the same tests.
    members = g.labelsOf(node, '$implicit_tests') ?? [];
  }
  for (const m of members) {
    const t = g.target(m);
    if (isTestRule(t)) {
      if (filterReason(t, filter) === undefined) out.set(g.key(m), m);
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
      if (isTestRule(t)) out.set(k, n);
      else if (isSuite(t)) expandSuite(ev, n, out, new Set(), ev.options.strictTestSuite === true);
    }
    return out;
  },
};
