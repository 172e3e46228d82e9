// genquery: the query layer's evaluateGenquery runs the expression over the scope's closure (Bazel 4.2.3 runs it
// during analysis too); its bytes become the rule's one output, named after the rule, gzip-compressed with pako
// when `compressed_output = True` (profile row genqueryCompressedOutput). In 4.2.3 the scope is an ordinary
// prerequisite (analysed, its edges checked before this runs); current Bazel does not analyse it (profile row
// genqueryScopeAnalysed), so the scope's closure errors come from evaluateGenquery.

import { gzip } from 'pako';
import { evaluateGenquery } from '../../query/index.ts';
import type { RuleImplementation } from '../rule-context.ts';

export const genquery: RuleImplementation = {
  ruleClasses: ['genquery'],
  analyze(ctx) {
    const { rule, label, config } = ctx;
    // expression, opts and strict are configurable: the query runs on their values in this configuration.
    const resolved = { expression: ctx.string('expression'), opts: ctx.strings('opts'), strict: ctx.bool('strict') };
    const r = evaluateGenquery({ loader: ctx.loader, rule, workspaceDir: ctx.workspaceDir, outputBase: ctx.configContext.outputBase, resolved });
    ctx.explain({ kind: 'genquery', label, explanation: r.explanation });
    const expression = { attr: 'expression', value: ctx.string('expression') };
    for (const w of r.warnings) ctx.warning(w, expression);
    if (!r.ok) {
      for (const e of r.errors ?? []) (r.unlocated ? ctx.error(e) : ctx.locatedError(e));
      // Option errors concern `opts`; everything else (syntax, scope, evaluation) the expression.
      if (r.attribute) ctx.attributeError(r.attribute, r.message);
      else ctx.ruleError(r.message, expression);
      return { failed: true };
    }
    const compressed = ctx.profile.genqueryCompressedOutput && ctx.bool('compressed_output');
    const key = `genquery ${label} (${config.id})`;
    const out = ctx.declareOutput(rule.label.name, key);
    ctx.registerAction({
      key,
      kind: 'write',
      owner: rule.label,
      location: rule.location,
      mnemonic: 'GenQuery',
      progress: `Executing genquery ${label}`,
      inputs: [],
      outputs: [out],
      content: compressed ? gzip(r.output) : r.output,
    });
    return { files: [out] };
  },
};
