// Which tests a test_suite's tags let through, once for every layer (the suite's computed `$implicit_tests`,
// query's tests(), test_suite analysis), and the command line's --test_tag_filters.
//
// A suite's tags are a filter (TestTargetUtils.sortTagsBySense): `-tag` excludes, `tag` and `+tag` are required,
// `manual` marks the suite itself and filters nothing. A test's size counts as one of its tags. An empty `tests`
// means the package's test rules not tagged manual.

import { labelToString, type Label } from './label.ts';
import type { RuleTarget, Target } from './target.ts';

export interface TagFilter {
  readonly required: readonly string[];
  readonly excluded: readonly string[];
}

/** Splits a suite's tags into required and excluded tags. */
export function parseTagFilter(tags: readonly string[]): TagFilter {
  const required: string[] = [];
  const excluded: string[] = [];
  for (const t of tags) {
    if (t === 'manual') continue;
    if (t.startsWith('-')) excluded.push(t.slice(1));
    else required.push(t.startsWith('+') ? t.slice(1) : t);
  }
  return { required, excluded };
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? (v as unknown[]).filter((x): x is string => typeof x === 'string') : [];
}

export function isTestRule(t: Target): t is RuleTarget {
  return t.kind === 'rule' && t.schema.test === true;
}

/** A rule's `tags` as written, else its rule class's default ([] for most; ["manual"] for config_setting…). */
export function ruleTags(rule: RuleTarget): string[] {
  const v = rule.attrs.get('tags');
  if (v !== undefined && v !== null) return strings(v);
  return strings(rule.schema.attrs.find((a) => a.name === 'tags')?.default);
}

/** A test's `size` ('medium' when unset, the schema's default). */
export function testSize(rule: RuleTarget): string {
  const v = rule.attrs.get('size');
  return typeof v === 'string' ? v : 'medium';
}

export function isManual(t: Target): boolean {
  return t.kind === 'rule' && ruleTags(t).includes('manual');
}

/** Why a test fails the filter (in words for the Why panel), or undefined when it passes. */
export function filterReason(test: RuleTarget, filter: TagFilter): string | undefined {
  const own = ruleTags(test);
  const size = testSize(test);
  const tags = new Set([...own, size]);
  for (const t of filter.excluded) {
    if (tags.has(t)) return t === size && !own.includes(t) ? `size ${t} is excluded by -${t}` : `tag ${t} is excluded by -${t}`;
  }
  for (const t of filter.required) {
    if (!tags.has(t)) return `lacks the required tag ${t}`;
  }
  return undefined;
}

/** The tests of a package a suite without `tests` stands for: its non-manual test rules, sorted by name. */
export function packageTests(targets: Iterable<Target>): RuleTarget[] {
  return [...targets]
    .filter((t): t is RuleTarget => isTestRule(t) && !isManual(t))
    .sort((a, b) => (a.label.name < b.label.name ? -1 : a.label.name > b.label.name ? 1 : 0));
}

/**
 * --test_tag_filters (TestTargetUtils.testMatchesFilters): a test runs when it has at least one of the positive
 * tags (if any are given) and none of the negative ones. Unlike a suite's filter, one positive tag suffices.
 */
export function commandLineTagFilter(values: readonly string[]): (tags: readonly string[]) => boolean {
  const parts = values.flatMap((s) => s.split(',')).filter((s) => s !== '');
  const required = parts.filter((p) => !p.startsWith('-')).map((p) => p.replace(/^\+/, ''));
  const excluded = parts.filter((p) => p.startsWith('-')).map((p) => p.slice(1));
  return (tags) => (required.length === 0 || required.some((t) => tags.includes(t))) && !excluded.some((t) => tags.includes(t));
}

export interface SuiteCandidate {
  readonly label: string;
  /** 'kept', or why it was dropped. */
  readonly outcome: 'kept' | 'dropped';
  readonly reason: string;
  /** Reached through a nested suite (already filtered there). */
  readonly via?: string;
}

/** Which tests a test_suite stands for and why each candidate was kept or dropped (the Tests panel). */
export interface SuiteExplanation {
  readonly suite: string;
  /** The suite's tag filter, split. */
  readonly required: readonly string[];
  readonly excluded: readonly string[];
  /** `tests` was empty: candidates are the package's non-manual tests. */
  readonly implicit: boolean;
  readonly candidates: readonly SuiteCandidate[];
  /** Listed targets that are neither tests nor suites, in Bazel's words. */
  readonly errors: readonly string[];
}

/** What suite expansion reads of the loaded packages. */
export interface SuiteLookup {
  target(label: Label): Target | undefined;
  /** Every target of the package a label is in. */
  packageTargets(label: Label): Iterable<Target>;
  /** Whether the package a label is in has errors. */
  packageInError?(label: Label): boolean;
  /** Without --keep_going: a listed target of another package with errors ends the expansion there. */
  readonly stopAtPackageInError?: boolean;
}

export interface SuiteExpansion {
  /** The tests, in the order found, each once. */
  readonly tests: readonly RuleTarget[];
  readonly explanation: SuiteExplanation;
  /** Nested suites met on the way, with their own explanations. */
  readonly nested: ReadonlyMap<string, SuiteExplanation>;
  /** Listed labels that name no target (the lookup's caller reports them). */
  readonly missing: readonly Label[];
  /** Suites that list each other in a loop: the labels around it, starting and ending at the same suite. */
  readonly cycle?: readonly string[];
  /**
   * The suite (or a suite it lists) lists a target of another package that has errors. Bazel's test expansion
   * (TestExpansionFunction.getPrerequisites) keeps the target but marks the expansion in error, whatever the
   * tag filter then drops.
   */
  readonly listsIntoPackageInError: boolean;
}

/**
 * A test_suite's tests as `bazel test` and `bazel build` expand it before analysis (TestsForTargetPatternFunction):
 * an empty `tests` is the package's non-manual tests; a listed test is a candidate even when manual; a listed suite
 * is expanded recursively and its tests are taken as already filtered; anything else listed is an error. Direct
 * candidates pass through the suite's tag filter.
 */
export function expandTestSuite(suite: RuleTarget, lookup: SuiteLookup, stack: readonly string[] = []): SuiteExpansion {
  const suiteLabel = labelToString(suite.label);
  const filter = parseTagFilter(ruleTags(suite));
  const listed = (suite.attrs.get('tests') as readonly Label[] | undefined) ?? [];
  const candidates: SuiteCandidate[] = [];
  const errors: string[] = [];
  const tests: RuleTarget[] = [];
  const nested = new Map<string, SuiteExplanation>();
  const missing: Label[] = [];
  let cycle: string[] | undefined;
  let listsIntoPackageInError = false;
  const keep = (t: RuleTarget) => {
    if (!tests.includes(t)) tests.push(t);
  };
  const consider = (t: RuleTarget, keptReason: string) => {
    const l = labelToString(t.label);
    const why = filterReason(t, filter);
    if (why) candidates.push({ label: l, outcome: 'dropped', reason: why });
    else {
      candidates.push({ label: l, outcome: 'kept', reason: keptReason });
      keep(t);
    }
  };
  if (listed.length === 0) {
    const all = [...lookup.packageTargets(suite.label)].filter(isTestRule).sort((a, b) => (a.label.name < b.label.name ? -1 : a.label.name > b.label.name ? 1 : 0));
    for (const t of all) {
      if (isManual(t)) candidates.push({ label: labelToString(t.label), outcome: 'dropped', reason: 'tagged manual (an empty tests attribute takes only non-manual tests)' });
      else consider(t, 'a non-manual test of the package that passes the tag filter');
    }
  }
  // Bazel loads the package of every listed label before it expands a listed suite
  // (TestExpansionFunction.getPrerequisites); without --keep_going a package with errors among them ends the
  // expansion before any listed suite is expanded (so the packages those list are not loaded).
  const listedTargets = listed.map((l) => lookup.target(l));
  const foreignInError = (l: Label) => (l.pkg !== suite.label.pkg || l.repo !== suite.label.repo) && lookup.packageInError?.(l) === true;
  if (lookup.stopAtPackageInError && listed.some(foreignInError)) {
    return { tests, explanation: { suite: suiteLabel, ...filter, implicit: false, candidates, errors }, nested, missing, listsIntoPackageInError: true };
  }
  for (const [i, l] of listed.entries()) {
    const t = listedTargets[i];
    const ls = labelToString(l);
    if (!t) {
      missing.push(l);
      continue;
    }
    if (foreignInError(l)) listsIntoPackageInError = true;
    if (t.kind === 'rule' && t.ruleClass === 'test_suite') {
      const path = [...stack, suiteLabel];
      if (path.includes(ls)) {
        cycle ??= [...path.slice(path.indexOf(ls)), ls];
        continue;
      }
      const inner = expandTestSuite(t, lookup, path);
      cycle ??= inner.cycle ? [...inner.cycle] : undefined;
      nested.set(ls, inner.explanation);
      for (const [k, v] of inner.nested) nested.set(k, v);
      missing.push(...inner.missing);
      if (inner.listsIntoPackageInError) listsIntoPackageInError = true;
      for (const c of inner.explanation.candidates) candidates.push({ ...c, via: c.via ?? ls });
      for (const x of inner.tests) keep(x);
      continue;
    }
    if (!isTestRule(t)) {
      errors.push(`expecting a test or a test_suite rule but '${ls}' is not one.`);
      continue;
    }
    consider(t, isManual(t) ? 'listed explicitly (manual does not matter then) and passes the tag filter' : 'listed and passes the tag filter');
  }
  return { tests, explanation: { suite: suiteLabel, ...filter, implicit: listed.length === 0, candidates, errors }, nested, missing, listsIntoPackageInError, ...(cycle ? { cycle } : {}) };
}
