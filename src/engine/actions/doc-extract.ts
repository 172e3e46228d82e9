// starlark_doc_extract analysis: the docs layer extracts ModuleInfo from the rule's `src`, and two write
// actions hold its encodings — `<name>.binaryproto` (the default output) and `<name>.textproto` (an implicit
// output, built only when it is requested by name).

import { labelToString, type Label, type RuleTarget } from '../loading/index.ts';
import { extractModuleInfo, moduleInfoToBinary, moduleInfoToText } from '../docs/index.ts';
import { utf8Encode } from '../base/index.ts';
import type { Analyzer, RuleHook } from './analysis.ts';
import type { BuildConfiguration } from './configuration.ts';

export const docExtractHook: RuleHook = (rule: RuleTarget, config: BuildConfiguration, an: Analyzer) => {
  const src = an.attrLabels(rule, 'src', config)[0];
  const deps = an.attrLabels(rule, 'deps', config);
  const symbolNames = an.attrStrings(rule, 'symbol_names', config);
  // Prerequisites are analysed (and their edges checked) like any rule's.
  const checked = [an.deps(rule, 'src', config), an.deps(rule, 'deps', config), an.deps(rule, 'data', config)];
  if (checked.some((c) => !c.ok)) return { error: '' };
  const r = extractModuleInfo(an.ctx.loader, rule, {
    ...(src ? { src } : {}),
    deps: deps as Label[],
    symbol_names: symbolNames,
    allow_unused_doc_comments: an.attrBool(rule, 'allow_unused_doc_comments', config),
    render_main_repo_name: an.attrBool(rule, 'render_main_repo_name', config),
  });
  if ('error' in r) {
    if (r.attribute) {
      an.attrError(rule, r.attribute, r.error);
      return { error: '' };
    }
    return { error: r.error };
  }
  const label = labelToString(rule.label);
  const files = [];
  for (const [suffix, bytes] of [
    ['binaryproto', moduleInfoToBinary(r.moduleInfo)],
    ['textproto', utf8Encode(moduleInfoToText(r.moduleInfo))],
  ] as const) {
    const key = `doc-extract ${label}.${suffix} (${config.id})`;
    const out = an.declareOutput(rule, `${rule.label.name}.${suffix}`, config, key);
    an.addAction({
      key,
      kind: 'write',
      owner: rule.label,
      location: rule.location,
      mnemonic: 'StarlarkDocExtract',
      progress: `Generating Starlark doc for ${label}`,
      inputs: [],
      outputs: [out],
      content: bytes,
    });
    files.push(out);
  }
  return { files: [files[0]!], outputGroups: new Map([['textproto', [files[1]!]]]) };
};
