// The schemas of sh_binary, sh_library and sh_test (the shell rules the corpus uses around our rules).
import { BINARY_SHARED, COMMON_SHARED, TEST_SHARED, type AttrSpec, type RuleSchema } from './schema.ts';

const SH_ATTRS: readonly AttrSpec[] = [
  // In Bazel's RuleClass order (query --output=build/xml print attributes in it): BaseRule's deps and data first.
  // No files (checked with 4.2.3: "rule '//p:x' does not exist", "source file … is misplaced here (expected no files)").
  { name: 'deps', type: 'label_list', default: [], fileTypes: 'none', doc: 'sh_library targets this one depends on.' },
  { name: 'data', type: 'label_list', default: [], doc: 'Files needed at run time.' },
  { name: 'srcs', type: 'label_list', default: [], doc: 'The shell script (exactly one for binaries and tests).' },
];

/** sh_binary and sh_test: srcs is mandatory in Bazel 4.2.3's native rules (sh_library's is not). */
const SH_EXECUTABLE_ATTRS: readonly AttrSpec[] = SH_ATTRS.map((a) => (a.name === 'srcs' ? { ...a, mandatoryWhenNative: true } : a));

export const shBinary: RuleSchema = {
  name: 'sh_binary',
  doc: 'An executable shell script.',
  attrs: SH_EXECUTABLE_ATTRS,
  shared: BINARY_SHARED,
};

export const shLibrary: RuleSchema = {
  name: 'sh_library',
  doc: 'A collection of shell scripts and data.',
  attrs: SH_ATTRS,
  shared: COMMON_SHARED,
};

export const shTest: RuleSchema = {
  name: 'sh_test',
  doc: 'A test written as a shell script; it passes when the script exits 0.',
  attrs: SH_EXECUTABLE_ATTRS,
  shared: TEST_SHARED,
  test: true,
};
