// test_suite expansion (TestSuite / TestsForTargetPatternFunction): which tests a suite stands for, and why
// each candidate was kept or dropped.
//
// The rules (spec, test_suite 1–9): an empty `tests` means every test rule of the suite's package that is not
// tagged manual; a listed test is a candidate even when manual; a listed test_suite is expanded recursively
// and its tests are taken as already filtered; anything else listed (a binary, an alias, a file) is an error,
// "expecting a test or a test_suite rule but '//pkg:bin' is not one". Candidates that are direct tests are
// filtered by the suite's `tags`: `-tag` excludes, `tag` and `+tag` are required, and a test's size counts as
// one of its tags. Dependencies on filtered-out tests are still checked (visibility).

import { labelToString, type Label, type RuleTarget } from '../loading/index.ts';
import type { Analyzer } from './analysis.ts';
import type { AnalyzedTarget } from './artifacts.ts';
import type { BuildConfiguration } from './configuration.ts';

export interface SuiteCandidate {
  label: string;
  /** 'kept', or why it was dropped. */
  outcome: 'kept' | 'dropped';
  reason: string;
  /** Reached through a nested suite (already filtered there). */
  via?: string;
}

export interface SuiteExplanation {
  suite: string;
  /** The suite's tag filter, split. */
  required: string[];
  excluded: string[];
  /** `tests` was empty: candidates are the package's non-manual tests. */
  implicit: boolean;
  candidates: SuiteCandidate[];
  errors: string[];
}

/** Splits a suite's tags into required and excluded tags. */
export function parseTagFilter(tags: readonly string[]): { required: string[]; excluded: string[] } {
  const required: string[] = [];
  const excluded: string[] = [];
  for (const t of tags) {
    // `manual` marks the suite itself (left out of wildcards); it is no filter (TestTargetUtils.sortTagsBySense).
    if (t === 'manual') continue;
    if (t.startsWith('-')) excluded.push(t.slice(1));
    else if (t.startsWith('+')) required.push(t.slice(1));
    else required.push(t);
  }
  return { required, excluded };
}

/** Why a test with these tags (size included) fails the filter, or undefined when it passes. */
export function filterReason(testTags: readonly string[], size: string, filter: { required: string[]; excluded: string[] }): string | undefined {
  const tags = new Set([...testTags, size]);
  for (const t of filter.excluded) {
    if (tags.has(t)) return t === size && !testTags.includes(t) ? `size ${t} is excluded by -${t}` : `tag ${t} is excluded by -${t}`;
  }
  for (const t of filter.required) {
    if (!tags.has(t)) return `lacks the required tag ${t}`;
  }
  return undefined;
}

export function isTestRule(t: { kind: string; schema?: { test?: boolean } }): boolean {
  return t.kind === 'rule' && t.schema?.test === true;
}

export function testTags(rule: RuleTarget): string[] {
  const v = rule.attrs.get('tags');
  return Array.isArray(v) ? (v as string[]) : [];
}

export function testSize(rule: RuleTarget): string {
  const v = rule.attrs.get('size');
  return typeof v === 'string' ? v : 'medium';
}

/**
 * The tests of a suite, analysed in `config`. Errors are reported (and make `ok` false) but the other tests
 * are still returned, as Bazel's test-pattern expansion goes on after one.
 */
export function expandTestSuite(
  suite: RuleTarget,
  config: BuildConfiguration,
  an: Analyzer,
  stack: string[] = [],
): { tests: AnalyzedTarget[]; ok: boolean; explanation: SuiteExplanation } {
  const suiteLabel = labelToString(suite.label);
  const tagValue = suite.attrs.get('tags');
  const filter = parseTagFilter(Array.isArray(tagValue) ? (tagValue as string[]) : []);
  const listed = (suite.attrs.get('tests') as readonly Label[] | undefined) ?? [];
  const explanation: SuiteExplanation = { suite: suiteLabel, ...filter, implicit: listed.length === 0, candidates: [], errors: [] };
  const tests: AnalyzedTarget[] = [];
  let ok = true;
  const keep = (t: AnalyzedTarget) => {
    if (!tests.some((x) => x.key === t.key)) tests.push(t);
  };

  if (listed.length === 0) {
    const pkg = an.ctx.loader.getPackage(suite.label.pkg);
    for (const t of pkg?.sortedTargets() ?? []) {
      if (t.kind !== 'rule' || !isTestRule(t)) continue;
      const l = labelToString(t.label);
      if (testTags(t).includes('manual')) {
        explanation.candidates.push({ label: l, outcome: 'dropped', reason: 'tagged manual (an empty tests attribute takes only non-manual tests)' });
        continue;
      }
      const why = filterReason(testTags(t), testSize(t), filter);
      if (why) {
        explanation.candidates.push({ label: l, outcome: 'dropped', reason: why });
        continue;
      }
      const a = an.analyzeTarget(t, config);
      if (!a || a.failed) ok = false;
      if (a) keep(a);
      explanation.candidates.push({ label: l, outcome: 'kept', reason: 'a non-manual test of the package that passes the tag filter' });
    }
    return { tests, ok, explanation };
  }

  for (const l of listed) {
    const t = an.lookup(l, suite);
    const ls = labelToString(l);
    if (!t) {
      ok = false;
      continue;
    }
    if (t.kind === 'rule' && t.ruleClass === 'test_suite') {
      if (stack.includes(ls) || ls === suiteLabel) {
        an.ruleError(suite, `cycle in dependency graph: test_suite ${ls}`);
        ok = false;
        continue;
      }
      const inner = expandTestSuite(t, config, an, [...stack, suiteLabel]);
      if (!an.visible(t, suite.label.pkg)) {
        an.ruleError(suite, `target '${ls}' is not visible from target '${suiteLabel}'. Check the visibility declaration of the former target if you think the dependency is legitimate`);
        ok = false;
      }
      if (!inner.ok) ok = false;
      an.suites.set(ls, inner.explanation);
      for (const c of inner.explanation.candidates) explanation.candidates.push({ ...c, via: c.via ?? ls });
      for (const x of inner.tests) keep(x);
      continue;
    }
    if (t.kind !== 'rule' || !isTestRule(t)) {
      const msg = `expecting a test or a test_suite rule but '${ls}' is not one.`;
      explanation.errors.push(msg);
      an.error(`${an.abs(suite.location)}: in test_suite rule '${suiteLabel}': ${msg}`);
      ok = false;
      continue;
    }
    if (!an.visible(t, suite.label.pkg)) {
      an.ruleError(suite, `target '${ls}' is not visible from target '${suiteLabel}'. Check the visibility declaration of the former target if you think the dependency is legitimate`);
      ok = false;
    }
    const why = filterReason(testTags(t), testSize(t), filter);
    if (why) {
      explanation.candidates.push({ label: ls, outcome: 'dropped', reason: why });
      continue;
    }
    const a = an.analyzeTarget(t, config);
    if (!a || a.failed) ok = false;
    if (a) keep(a);
    explanation.candidates.push({
      label: ls,
      outcome: 'kept',
      reason: testTags(t).includes('manual') ? 'listed explicitly (manual does not matter then) and passes the tag filter' : 'listed and passes the tag filter',
    });
  }
  return { tests, ok, explanation };
}
