// test_suite as a configured target (what cquery and a dependency on a suite see; `bazel test` and `bazel build`
// expand suites before analysis, loading/test-filter.ts): its prerequisites are the tests it lists — or, with
// an empty `tests`, the package's `$implicit_tests` — each analysed and edge-checked like any dependency; a listed
// target that is neither a test nor a suite is an error. Its TestSuite provider is the tests its tag filter keeps
// (nested suites contribute the tests they kept), and the Tests panel gets which candidates were kept or dropped.

import { dependencyDoesNotExist, expandTestSuite, isTestRule, labelToString, misplacedFile, type RuleTarget } from '../../loading/index.ts';
import type { AnalyzedTarget } from '../artifacts.ts';
import type { RuleImplementation } from '../rule-context.ts';

export const testSuite: RuleImplementation = {
  ruleClasses: ['test_suite'],
  analyze(ctx) {
    const listed = ctx.prerequisites('tests');
    let ok = true;
    for (const d of listed) {
      // An alias stands for its actual target (checked with 4.2.3: an alias of a test is accepted, one of a
      // filegroup named by the filegroup, one of a file misplaced through the alias).
      const t = (d.actual ?? d).target;
      if ((t.kind === 'rule' && t.ruleClass === 'test_suite') || isTestRule(t)) continue;
      const l = labelToString(t.label);
      // `tests` allows no files (checked with 4.2.3): a file is misplaced, a name the package does not declare and
      // no file has is a rule that does not exist.
      const path = t.label.pkg ? `${t.label.pkg}/${t.label.name}` : t.label.name;
      const message =
        t.kind === 'source file' && t.label.repo === '' && !ctx.loader.workspace.hasFile(path)
          ? dependencyDoesNotExist(t.label, 'none')
          : t.kind === 'source file' || t.kind === 'generated file'
            ? misplacedFile(t.kind, t.label, 'none', d.aliasChain ?? [])
            : `expecting a test or a test_suite rule but '${l}' is not one`;
      ctx.attributeError('tests', message, labelToString(d.label));
      ok = false;
    }
    if (!ok) return { failed: true };
    const loader = ctx.loader;
    const expansion = expandTestSuite(ctx.rule, {
      target: (l) => (l.repo === '' ? loader.getPackage(l.pkg)?.targets.get(l.name) : undefined),
      packageTargets: (l) => loader.getPackage(l.pkg)?.targets.values() ?? [],
    });
    ctx.explain({ kind: 'testSuite', label: ctx.label, explanation: expansion.explanation });
    // The analysed tests: direct prerequisites, and the tests nested suites kept.
    const byRule = new Map<RuleTarget, AnalyzedTarget>();
    for (const d of [...listed, ...ctx.prerequisites('$implicit_tests')]) {
      if (d.target.kind === 'rule' && isTestRule(d.target)) byRule.set(d.target, d);
      for (const n of d.suiteTests ?? []) if (n.target.kind === 'rule') byRule.set(n.target, n);
    }
    const suiteTests = expansion.tests.map((t) => byRule.get(t)).filter((a): a is AnalyzedTarget => a !== undefined);
    // Bazel's TestSuite builds nothing itself (an empty set of files to build: `bazel build` of an alias of a
    // suite is "up-to-date (nothing to build)"); build and test expand suites into their tests before analysis.
    return { suiteTests, files: [] };
  },
};
