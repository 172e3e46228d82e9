// The registry of native rules: every schema table, by rule name, per semantics profile.
import type { Profile } from '../../base/index.ts';
import { alias } from './alias.ts';
import { BAZEL4_LANGUAGE_RULES, MODERN_LANGUAGE_RULES, withBazel4Implicits } from './bazel-rules.ts';
import { bzlLibrary } from './bzl-library.ts';
import { configSetting } from './config-setting.ts';
import { environmentGroup } from './environment-group.ts';
import { filegroup } from './filegroup.ts';
import { genquery } from './genquery.ts';
import { genrule } from './genrule.ts';
import { packageGroup } from './package-group.ts';
import { constraintSetting, constraintValue, platform } from './platform.ts';
import type { RuleSchema } from './schema.ts';
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
export const RULES: ReadonlyMap<string, RuleSchema> = byName([...OWN, ...MODERN_LANGUAGE_RULES]);

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

export { packageGroup };
