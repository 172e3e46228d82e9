// The registry of native rules: every schema table, by rule name.
import { alias } from './alias.ts';
import { bzlLibrary } from './bzl-library.ts';
import { configSetting } from './config-setting.ts';
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

/** Rules a BUILD file can call (package_group is a native function, not a rule, but has a schema too). */
export const RULES: ReadonlyMap<string, RuleSchema> = new Map(
  [
    alias, bzlLibrary, configSetting, filegroup, genquery, genrule, starlarkDocExtract, testSuite, shBinary, shLibrary, shTest,
    constraintSetting, constraintValue, platform,
  ].map((r) => [r.name, r]),
);

export { packageGroup };
