// The schema of `bzl_library` (bazel_skylib's rule, built in here for convenience): a set of .bzl files and the
// bzl_library targets they load, which starlark_doc_extract's `deps` must cover.
import { COMMON_SHARED, type RuleSchema } from './schema.ts';

export const bzlLibrary: RuleSchema = {
  name: 'bzl_library',
  doc: 'A set of .bzl or .scl files, with the bzl_library targets of the files they load (bazel_skylib\'s rule; load() of the real one overrides it).',
  attrs: [
    { name: 'srcs', type: 'label_list', default: [], doc: 'The .bzl and .scl files of the library.' },
    { name: 'deps', type: 'label_list', default: [], doc: 'bzl_library targets of the files the srcs load.' },
  ],
  shared: COMMON_SHARED,
  modernOnly: true,
};
