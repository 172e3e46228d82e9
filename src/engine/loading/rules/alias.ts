// The schema of `alias`: a second name for another target.
import type { RuleSchema } from './schema.ts';

export const alias: RuleSchema = {
  name: 'alias',
  doc: 'Gives a second name to another target; in other respects it behaves like the target it refers to.',
  attrs: [{ name: 'actual', type: 'label', mandatory: true, doc: 'The target this alias refers to. It may be a file.' }],
  shared: [
    'aspect_hints', 'compatible_with', 'deprecation', 'features', 'package_metadata', 'restricted_to', 'tags',
    'target_compatible_with', 'testonly', 'transitive_configs', 'visibility',
  ],
};
