// The playground's view of documentation: the ModuleInfo of one .bzl file (or of a starlark_doc_extract
// target) as JSON (protobuf JSON mapping) and textproto, and a decoder for `*.binaryproto` outputs.
//
// For a .bzl path, the first starlark_doc_extract target whose `src` names that file is documented as building it
// would (its analysis: symbol_names, deps, …, the same errors); without one the whole file is documented
// (symbol_names empty, no deps check, since nothing declares them). Errors come back as Bazel's text, never as
// exceptions.

import type { JsonValue } from '@bufbuild/protobuf';
import { Configurable, labelToString, attrValue, type Label, type Loader, type RuleTarget } from '../loading/index.ts';
import { moduleInfoFromBinary, moduleInfoToJson, moduleInfoToText, type ModuleInfo } from './proto/index.ts';
import { documentModule, LabelRenderer } from './extract/index.ts';
import { ExtractionError } from './extract/module-info.ts';

export type ModuleInfoView =
  | {
      readonly ok: true;
      /** The documented file, workspace-relative. */
      readonly file: string;
      /** The starlark_doc_extract target whose attributes were used, or null (the whole file). */
      readonly target: string | null;
      readonly json: JsonValue;
      readonly text: string;
    }
  | { readonly ok: false; readonly file: string | null; readonly target: string | null; readonly error: string };

function pathOf(l: Label): string {
  return l.pkg ? `${l.pkg}/${l.name}` : l.name;
}

function srcOf(rule: RuleTarget): Label | undefined {
  const v = attrValue(rule, 'src');
  if (v === undefined || v === null || v instanceof Configurable) return undefined;
  return typeof v === 'object' && 'pkg' in (v as object) ? (v as unknown as Label) : undefined;
}

/** Every starlark_doc_extract target of the workspace, in package order. */
function docExtractTargets(loader: Loader): RuleTarget[] {
  const out: RuleTarget[] = [];
  for (const pkg of loader.loadAllPackages()) {
    for (const t of pkg.sortedTargets()) if (t.kind === 'rule' && t.ruleClass === 'starlark_doc_extract') out.push(t);
  }
  return out;
}

function errorsOf(loader: Loader): string {
  return [...new Set(loader.events.filter((e) => e.severity === 'error').map((e) => `ERROR: ${e.text}`))].join('\n');
}

/**
 * Documents a starlark_doc_extract target as building it would (the engine's index runs its analysis): its
 * ModuleInfo and the file it documents, or the errors as Bazel prints them.
 */
export type DocumentTarget = (rule: RuleTarget) => { readonly ok: true; readonly moduleInfo: ModuleInfo; readonly file: string } | { readonly ok: false; readonly error: string };

function done(file: string, target: string | null, m: ModuleInfo): ModuleInfoView {
  return { ok: true, file, target, json: moduleInfoToJson(m), text: moduleInfoToText(m) };
}

/**
 * The ModuleInfo for `what`: a workspace-relative .bzl/.scl path, or the label of a starlark_doc_extract
 * target (`//pkg:name`).
 */
export function moduleInfoView(loader: Loader, what: string, documentTarget: DocumentTarget): ModuleInfoView {
  const targets = docExtractTargets(loader);
  if (what.startsWith('//') || what.startsWith('@')) {
    const rule = targets.find((t) => labelToString(t.label) === what);
    if (!rule) return { ok: false, file: null, target: what, error: `ERROR: no starlark_doc_extract target '${what}'` };
    const src = srcOf(rule);
    const r = documentTarget(rule);
    if (!r.ok) return { ok: false, file: src ? pathOf(src) : null, target: what, error: r.error };
    return done(r.file, what, r.moduleInfo);
  }
  const path = what;
  if (!/\.(bzl|scl)$/.test(path)) return { ok: false, file: path, target: null, error: `ERROR: '${path}' is not a .bzl or .scl file` };
  if (!loader.workspace.hasFile(path)) return { ok: false, file: path, target: null, error: `ERROR: cannot load '${path}': no such file` };
  const fileLabel = labelToString(loader.bzlLabelOf(path));
  const rule = targets.find((t) => {
    const s = srcOf(t);
    return s && labelToString(s) === fileLabel;
  });
  if (rule) {
    const target = labelToString(rule.label);
    const r = documentTarget(rule);
    if (!r.ok) return { ok: false, file: path, target, error: r.error };
    return done(path, target, r.moduleInfo);
  }
  return wholeFile(loader, path);
}

function wholeFile(loader: Loader, path: string): ModuleInfoView {
  const entry = loader.loadBzl(path);
  if (!entry.module) {
    return { ok: false, file: path, target: null, error: errorsOf(loader) || `ERROR: ${entry.error ?? `Extension file '${path}' has errors`}` };
  }
  try {
    const m = documentModule(loader, entry.module, path, {
      renderer: new LabelRenderer(),
      symbolNames: [],
      allowUnusedDocComments: false,
      file: loader.bzlLabelOf(path),
    });
    return done(path, null, m);
  } catch (e) {
    if (e instanceof ExtractionError) return { ok: false, file: path, target: null, error: `ERROR: ${e.message}` };
    throw e;
  }
}

/** A `*.binaryproto` output decoded: the ModuleInfo as JSON and textproto, or why it does not decode. */
export function decodeModuleInfo(bytes: Uint8Array): { ok: true; json: JsonValue; text: string } | { ok: false; error: string } {
  try {
    const m = moduleInfoFromBinary(bytes);
    return { ok: true, json: moduleInfoToJson(m), text: moduleInfoToText(m) };
  } catch (e) {
    return { ok: false, error: `not a ModuleInfo binary protobuf: ${e instanceof Error ? e.message : String(e)}` };
  }
}
