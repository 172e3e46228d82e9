// filegroup: its files are its srcs' files (or, with `output_group`, that output group of each of them). Its
// runfiles are Bazel's two (Filegroup.java): as `srcs`/`deps` of another rule, its data's then its srcs' runfiles
// but not its own files; as `data`, its files then its data's.

import { dataRunfilesOf, uniq } from '../artifacts.ts';
import type { RuleImplementation } from '../rule-context.ts';

export const filegroup: RuleImplementation = {
  ruleClasses: ['filegroup'],
  analyze(ctx) {
    const srcs = ctx.prerequisites('srcs');
    const data = ctx.prerequisites('data');
    const group = ctx.string('output_group');
    const files = uniq(srcs.flatMap((d) => (group ? (d.outputGroups.get(group) ?? []) : d.files)));
    const dataPart = data.flatMap(dataRunfilesOf);
    const runfiles = uniq([...dataPart, ...srcs.flatMap((d) => d.runfiles)]);
    return { files, runfiles, dataRunfiles: uniq([...files, ...dataPart]) };
  },
};
