// The schema of `package_group`: a named set of packages for visibility.
import type { RuleSchema } from './schema.ts';

export const packageGroup: RuleSchema = {
  name: 'package_group',
  doc: 'A set of packages, used in visibility declarations.',
  attrs: [
    { name: 'packages', type: 'string_list', default: [], configurable: false, doc: 'Package specifications: //foo, //foo/..., public, private, -//foo.' },
    { name: 'includes', type: 'label_list', default: [], configurable: false, doc: 'Other package groups included in this one.' },
  ],
  shared: [],
};
