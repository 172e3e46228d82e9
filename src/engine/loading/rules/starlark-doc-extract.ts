// The schema of `starlark_doc_extract`: ModuleInfo documentation of one .bzl file.
import { COMMON_SHARED, type RuleSchema } from './schema.ts';

export const starlarkDocExtract: RuleSchema = {
  name: 'starlark_doc_extract',
  doc: 'Extracts documentation of rules, functions, aspects and providers from a .bzl or .scl file.',
  modernOnly: true,
  attrs: [
    { name: 'src', type: 'label', mandatory: true, doc: 'The .bzl or .scl source file.' },
    { name: 'deps', type: 'label_list', default: [], doc: 'Targets wrapping the files loaded by src (bzl_library).' },
    { name: 'data', type: 'label_list', default: [], doc: 'Run-time data (unused).' },
    { name: 'symbol_names', type: 'string_list', default: [], doc: 'Qualified names of the symbols to document (all when empty).' },
    { name: 'allow_unused_doc_comments', type: 'bool', default: false, doc: 'Ignore `#:` comments that document nothing.' },
    { name: 'render_main_repo_name', type: 'bool', default: false, doc: 'Render main-repository labels with the repository name.' },
  ],
  shared: COMMON_SHARED,
  implicitOutputs: (name) => [`${name}.binaryproto`, `${name}.textproto`],
};
