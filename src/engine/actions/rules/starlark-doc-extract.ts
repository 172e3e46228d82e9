// starlark_doc_extract: the docs layer extracts a ModuleInfo from the rule's `src` .bzl file — given the files
// analysis found `src` and `deps` to provide — and two write actions hold its encodings: `<name>.binaryproto`
// (the default output) and `<name>.textproto` (an implicit output, built only when it is requested by name).

import { utf8Encode } from '../../base/index.ts';
import { extractModuleInfo, moduleInfoToBinary, moduleInfoToText, type FileRef } from '../../docs/index.ts';
import type { Label } from '../../loading/index.ts';
import type { AnalyzedTarget, Artifact } from '../artifacts.ts';
import type { RuleContext, RuleImplementation } from '../rule-context.ts';

/** A file as the extractor names it: its label, and for a generated file the rule that generates it. */
function fileRef(ctx: RuleContext, a: Artifact): FileRef | undefined {
  if (!a.label) return undefined;
  if (a.root === '') return { label: a.label };
  const t = ctx.loader.getPackage(a.label.pkg)?.targets.get(a.label.name);
  const rule: Label = t?.kind === 'generated file' ? t.rule : a.label;
  return { label: a.label, generatedBy: rule };
}

function refs(ctx: RuleContext, deps: readonly AnalyzedTarget[]): FileRef[] {
  return deps.flatMap((d) => d.files.map((a) => fileRef(ctx, a)).filter((f): f is FileRef => f !== undefined));
}

export const starlarkDocExtract: RuleImplementation = {
  ruleClasses: ['starlark_doc_extract'],
  analyze(ctx) {
    const { rule, label, config } = ctx;
    const src = ctx.labels('src')[0];
    const r = extractModuleInfo(ctx.loader, rule, {
      ...(src ? { src } : {}),
      deps: ctx.labels('deps'),
      symbol_names: ctx.strings('symbol_names'),
      allow_unused_doc_comments: ctx.bool('allow_unused_doc_comments'),
      render_main_repo_name: ctx.bool('render_main_repo_name'),
      srcFiles: refs(ctx, ctx.prerequisites('src')),
      depFiles: refs(ctx, ctx.prerequisites('deps')),
    });
    if ('error' in r) {
      if (r.attribute) ctx.attributeError(r.attribute, r.error);
      else ctx.ruleError(r.error);
      return { failed: true };
    }
    const files = [];
    for (const [suffix, bytes] of [
      ['binaryproto', moduleInfoToBinary(r.moduleInfo)],
      ['textproto', utf8Encode(moduleInfoToText(r.moduleInfo))],
    ] as const) {
      const key = `doc-extract ${label}.${suffix} (${config.id})`;
      const out = ctx.declareOutput(`${rule.label.name}.${suffix}`, key);
      ctx.registerAction({
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
  },
};
