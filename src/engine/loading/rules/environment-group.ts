// The schema of `environment_group`: a named set of environments (Bazel's legacy constraint system), with the
// ones rules support by default. Bazel makes it a target of its own kind ("environment group"), not a rule.
import type { RuleSchema } from './schema.ts';

export const environmentGroup: RuleSchema = {
  name: 'environment_group',
  doc: 'A set of environments, and those rules support by default (compatible_with / restricted_to).',
  attrs: [
    { name: 'environments', type: 'label_list', mandatory: true, configurable: false, doc: 'The environments of the group.' },
    { name: 'defaults', type: 'label_list', mandatory: true, configurable: false, doc: 'The environments rules support when they say nothing.' },
  ],
  shared: [],
};
