// The schema of `filegroup`: a name for a set of files.
import type { RuleSchema } from './schema.ts';

export const filegroup: RuleSchema = {
  name: 'filegroup',
  doc: 'Gathers the outputs of several targets under one label.',
  attrs: [
    { name: 'srcs', type: 'label_list', default: [], doc: 'Targets that are members of the group.' },
    { name: 'data', type: 'label_list', default: [], doc: 'Files needed at run time (runfiles).' },
    { name: 'output_group', type: 'string', default: '', doc: 'Exports this output group of the srcs instead of their default outputs.' },
  ],
  shared: [
    'aspect_hints', 'compatible_with', 'deprecation', 'features', 'licenses', 'package_metadata', 'restricted_to',
    'tags', 'target_compatible_with', 'testonly', 'transitive_configs', 'visibility',
  ],
};
