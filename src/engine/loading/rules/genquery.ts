// The schema of `genquery`: a query run during the build, its result written to a file named after the rule.
import { COMMON_SHARED, type RuleSchema } from './schema.ts';

export const genquery: RuleSchema = {
  name: 'genquery',
  doc: 'Runs a query over the transitive closure of `scope` and writes the result to a file.',
  attrs: [
    { name: 'expression', type: 'string', mandatory: true, doc: 'The query; labels are relative to the workspace root.' },
    { name: 'scope', type: 'label_list', mandatory: true, doc: 'Targets whose transitive closure bounds the query.' },
    { name: 'opts', type: 'string_list', default: [], doc: 'Query options (as for `bazel query`).' },
    { name: 'strict', type: 'bool', default: true, doc: 'Fail when the query leaves the scope (else warn and skip).' },
    { name: 'compressed_output', type: 'bool', default: false, modernOnly: true, doc: 'Write the output gzip-compressed.' },
    { name: 'deps', type: 'label_list', default: [], doc: 'Not used by genquery itself.' },
    { name: 'data', type: 'label_list', default: [], doc: 'Not used by genquery itself.' },
  ],
  shared: COMMON_SHARED,
};
