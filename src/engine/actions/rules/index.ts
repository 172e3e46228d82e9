// The rule registry: each rule class's analysis, in one file per rule, keyed by rule class. A rule defined in a
// .bzl file (`rule(implementation = …)`) runs through starlark-rule.ts; a native rule that produces nothing
// (platform, constraint_*, build settings, …) through no-providers.ts.

import { isNativeSchema, type RuleTarget } from '../../loading/index.ts';
import type { RuleImplementation } from '../rule-context.ts';
import { alias } from './alias.ts';
import { bzlLibrary } from './bzl-library.ts';
import { ccToolchainAlias } from './cc-toolchain-alias.ts';
import { ccToolchainSuite } from './cc-toolchain-suite.ts';
import { configSetting } from './config-setting.ts';
import { filegroup } from './filegroup.ts';
import { genquery } from './genquery.ts';
import { genrule } from './genrule.ts';
import { noProviders } from './no-providers.ts';
import { sh } from './sh.ts';
import { starlarkDocExtract } from './starlark-doc-extract.ts';
import { starlarkRule } from './starlark-rule.ts';
import { testSuite } from './test-suite.ts';

const REGISTRY: ReadonlyMap<string, RuleImplementation> = new Map(
  [alias, bzlLibrary, ccToolchainAlias, ccToolchainSuite, configSetting, filegroup, genquery, genrule, sh, starlarkDocExtract, testSuite].flatMap((r) => r.ruleClasses.map((c) => [c, r] as const)),
);

/** The implementation that analyses a rule target. */
export function implementationOf(rule: RuleTarget): RuleImplementation {
  return REGISTRY.get(rule.ruleClass) ?? (isNativeSchema(rule.schema) ? noProviders : starlarkRule);
}

export { GENRULE_ENV, COMMAND_LENGTH_LIMIT } from './genrule.ts';
