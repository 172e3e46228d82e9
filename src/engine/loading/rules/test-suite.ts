// The schema of `test_suite`: a named set of tests, filtered by tags.
import type { RuleSchema } from './schema.ts';

export const testSuite: RuleSchema = {
  name: 'test_suite',
  doc: 'Names a set of tests; `bazel test` of the suite runs the tests it expands to.',
  attrs: [
    { name: 'tests', type: 'label_list', default: [], configurable: false, orderIndependent: true, doc: 'Tests and test suites; all non-manual tests of the package when empty.' },
    { name: 'tags', type: 'string_list', default: [], configurable: false, orderIndependent: true, doc: 'Tag filter: `tag`/`+tag` required, `-tag` excluded; size counts as a tag.' },
  ],
  shared: [
    'aspect_hints', 'compatible_with', 'deprecation', 'features', 'licenses', 'package_metadata', 'restricted_to',
    'tags', 'target_compatible_with', 'testonly', 'transitive_configs', 'visibility',
  ],
};
