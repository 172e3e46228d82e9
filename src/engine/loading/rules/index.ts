// The registry of native rules: every schema table, by rule name, per semantics profile.
import type { Profile } from '../../base/index.ts';
import { alias } from './alias.ts';
import { BAZEL4_LANGUAGE_RULES, MODERN_LANGUAGE_RULES, withBazel4Implicits } from './bazel-rules.ts';
import { bzlLibrary } from './bzl-library.ts';
import { configFeatureFlag } from './config-feature-flag.ts';
import { configSetting } from './config-setting.ts';
import { labelFlag, labelSettingRule } from './label-flag.ts';
import { environmentGroup } from './environment-group.ts';
import { filegroup } from './filegroup.ts';
import { genquery } from './genquery.ts';
import { genrule } from './genrule.ts';
import { packageGroup } from './package-group.ts';
import { constraintSetting, constraintValue, platform } from './platform.ts';
import { BAZEL4_QUERY_ATTRIBUTES, type QueryAttr } from './generated/bazel-4.2.3-rules.ts';
import { BINARY_SHARED, type RuleSchema } from './schema.ts';
import { shBinary, shLibrary, shTest } from './sh.ts';
import { starlarkDocExtract } from './starlark-doc-extract.ts';
import { testSuite } from './test-suite.ts';

export * from './schema.ts';

const OWN = [
  alias, bzlLibrary, configSetting, filegroup, genquery, genrule, starlarkDocExtract, testSuite, shBinary, shLibrary, shTest,
  constraintSetting, constraintValue, platform, environmentGroup,
];

const byName = (rules: readonly RuleSchema[]): ReadonlyMap<string, RuleSchema> => new Map(rules.map((r) => [r.name, r]));

/** Rules a BUILD file can call under current Bazel (package_group is a native function, not a rule, but has a schema too). */
export const RULES: ReadonlyMap<string, RuleSchema> = byName([...OWN, configFeatureFlag, labelFlag, labelSettingRule, ...MODERN_LANGUAGE_RULES]);

/** Under Bazel 4.2.3: the sh_* tests and binaries carry their implicit tool dependencies (test wrappers, launcher). */
const BAZEL4_RULES: ReadonlyMap<string, RuleSchema> = byName([
  ...OWN.map((r) => (r === shTest || r === shBinary ? withBazel4Implicits(r) : r)),
  ...BAZEL4_LANGUAGE_RULES,
]);

/** The native rules of a profile, by name. */
export function rulesFor(profile: Pick<Profile, 'name'>): ReadonlyMap<string, RuleSchema> {
  return profile.name === 'bazel4' ? BAZEL4_RULES : RULES;
}

const NATIVE = new Set<RuleSchema>([...RULES.values(), ...BAZEL4_RULES.values()]);

/** Is this the schema of a native rule (rather than of a rule defined in a .bzl file)? */
export function isNativeSchema(schema: RuleSchema): boolean {
  return NATIVE.has(schema);
}

const withTestImplicits = new WeakMap<RuleSchema, RuleSchema>();

/**
 * The schema a rule of this class gets under the profile: under Bazel 4.2.3 a Starlark test rule carries the
 * implicit test dependencies every test rule has (test wrapper, xml writer, coverage tools), as sh_test does.
 */
export function schemaUnder(schema: RuleSchema, profile: Pick<Profile, 'name'>): RuleSchema {
  if (profile.name !== 'bazel4' || !schema.test || NATIVE.has(schema)) return schema;
  let s = withTestImplicits.get(schema);
  if (!s) withTestImplicits.set(schema, (s = withBazel4Implicits(schema, 'sh_test')));
  return s;
}

/**
 * The attributes Bazel 4.2.3's query xml/proto outputs list for rules of this schema, as recorded from Bazel: a
 * native class's own list; a Starlark rule class's the attributes every Starlark (test, executable) rule gets.
 */
export function recordedQueryAttributes(schema: RuleSchema): readonly QueryAttr[] | undefined {
  if (NATIVE.has(schema)) return BAZEL4_QUERY_ATTRIBUTES[schema.name];
  return BAZEL4_QUERY_ATTRIBUTES[schema.test ? 'starlark_test' : schema.shared === BINARY_SHARED ? 'starlark_binary' : 'starlark_rule'];
}

export type { QueryAttr };
export { packageGroup };
