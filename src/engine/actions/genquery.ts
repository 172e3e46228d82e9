// genquery analysis: the query layer's evaluateGenquery runs the expression over the scope's closure (Bazel
// 4.2.3 runs it during analysis too); its bytes become the rule's one output, named after the rule, gzip-
// compressed with pako when `compressed_output = True` (profile row genqueryCompressedOutput).

import { gzip } from 'pako';
import type { RuleTarget } from '../loading/index.ts';
import { labelToString } from '../loading/index.ts';
import { evaluateGenquery } from '../query/index.ts';
import type { Analyzer, RuleHook } from './analysis.ts';
import type { BuildConfiguration } from './configuration.ts';

export const genqueryHook: RuleHook = (rule: RuleTarget, config: BuildConfiguration, an: Analyzer) => {
  // The scope is a real dependency: its targets are analysed and the edges checked (visibility, testonly).
  const scope = an.deps(rule, 'scope', config);
  if (!scope.ok) return { error: '' };
  const r = evaluateGenquery({ loader: an.ctx.loader, rule, workspaceDir: an.ctx.workspaceDir });
  const label = labelToString(rule.label);
  an.genqueries.set(label, r.explanation);
  for (const w of r.warnings) an.events.push({ severity: 'warning', text: w });
  if (!r.ok) {
    an.error(r.text);
    return { error: '' };
  }
  const compressed = an.ctx.profile.genqueryCompressedOutput && an.attrBool(rule, 'compressed_output', config);
  const bytes = compressed ? gzip(r.output) : r.output;
  const key = `genquery ${label} (${config.id})`;
  const out = an.declareOutput(rule, rule.label.name, config, key);
  an.addAction({
    key,
    kind: 'write',
    owner: rule.label,
    location: rule.location,
    mnemonic: 'GenQuery',
    progress: `Executing genquery ${label}`,
    inputs: [],
    outputs: [out],
    content: bytes,
  });
  return { files: [out] };
};
