// filegroup: its files are its srcs' files (or, with `output_group`, that output group of each of them). Its
// runfiles are Bazel's two (Filegroup.java): as `srcs`/`deps` of another rule, its data's then its srcs' runfiles
// but not its own files; as `data`, its files then its data's. A filegroup of exactly one file has it as its
// files_to_run executable (starlark-target.ts).

import { dataRunfilesOf, uniq, uniqRunfiles } from '../artifacts.ts';
import type { RuleImplementation } from '../rule-context.ts';

export const filegroup: RuleImplementation = {
  ruleClasses: ['filegroup'],
  analyze(ctx) {
    const srcs = ctx.prerequisites('srcs');
    const data = ctx.prerequisites('data');
    const group = ctx.string('output_group');
    // Bazel keeps its own output groups (`…_INTERNAL_`) out of filegroups (Filegroup.java; checked with 4.2.3).
    if (group.endsWith('_INTERNAL_')) {
      ctx.attributeError('output_group', `Output group ${group} is not permitted for reference in filegroups.`);
      return { failed: true };
    }
    const files = uniq(srcs.flatMap((d) => (group ? (d.outputGroups.get(group) ?? []) : d.files)));
    const dataPart = data.flatMap((d) => dataRunfilesOf(d, ctx.profile.alwaysIncludeFilesInData));
    const runfiles = uniqRunfiles([...dataPart, ...srcs.flatMap((d) => d.runfiles)]);
    return { files, runfiles, dataRunfiles: uniqRunfiles([...files, ...dataPart]) };
  },
};
