// filegroup: its files are its srcs' files (or, with `output_group`, that output group of each of them); its
// runfiles add the srcs' runfiles and the files and runfiles of `data`.

import { uniq } from '../artifacts.ts';
import type { RuleImplementation } from '../rule-context.ts';

export const filegroup: RuleImplementation = {
  ruleClasses: ['filegroup'],
  analyze(ctx) {
    const srcs = ctx.prerequisites('srcs');
    const data = ctx.prerequisites('data');
    const group = ctx.string('output_group');
    const files = uniq(srcs.flatMap((d) => (group ? (d.outputGroups.get(group) ?? []) : d.files)));
    const runfiles = uniq([...files, ...srcs.flatMap((d) => d.runfiles), ...data.flatMap((d) => [...d.files, ...d.runfiles])]);
    return { files, runfiles };
  },
};
