// bzl_library (skylib): StarlarkLibraryInfo's files — its srcs, then its deps' (transitively) — as DefaultInfo.

import { uniq } from '../artifacts.ts';
import type { RuleImplementation } from '../rule-context.ts';

export const bzlLibrary: RuleImplementation = {
  ruleClasses: ['bzl_library'],
  analyze(ctx) {
    return { files: uniq([...ctx.prerequisites('srcs').flatMap((d) => d.files), ...ctx.prerequisites('deps').flatMap((d) => d.files)]) };
  },
};
