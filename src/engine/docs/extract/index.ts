// starlark_doc_extract's work, as Bazel's StarlarkDocExtract does it: resolve `src` to one source .bzl/.scl
// file (through aliases and single-file filegroups), load it, check that `deps` cover every module it loads,
// and walk its globals into a ModuleInfo (module-info.ts).
//
// The API, for the action that writes `<name>.binaryproto` (the default output; moduleInfoToBinary) and, only
// when asked for, `<name>.textproto` (moduleInfoToText):
//
//   extractModuleInfo(loader, rule, resolvedAttrs?) → { moduleInfo, file } | { error, attribute? }
//
// `rule` is the starlark_doc_extract RuleTarget; `resolvedAttrs` its attributes after select() resolution (each
// one left out is read from the rule as written). An `error` is Bazel's text; Bazel prints it as a rule error,
// `ERROR: <BUILD path>:<line>:<col>: in starlark_doc_extract rule //pkg:name: <error>`, or, when `attribute`
// is set, as an attribute error, `… in <attribute> attribute of starlark_doc_extract rule //pkg:name: <error>`;
// the build then fails with exit code 1. Starlark errors of the loaded files themselves are already reported by
// the loader (its events), as when a BUILD file loads them.

import {
  attrValue,
  buildFileNotFound,
  Configurable,
  labelToString,
  LabelSyntaxError,
  noSuchTarget,
  parseLabelInPackage,
  isNativeSchema,
  type Label,
  type Loader,
  type RuleTarget,
  type Target,
} from '../../loading/index.ts';
import { parse, docString, type Module, type StarlarkFunction } from '../../starlark/index.ts';
import type { ModuleInfo } from '../proto/index.ts';
import { docCommentsOf } from './doc-comments.ts';
import { LabelRenderer } from './labels.ts';
import { ExtractionError, walkModule, type WalkOptions } from './module-info.ts';

export { parseDocstring, type DocstringInfo, type DocstringError, type ParamDoc } from './docstring.ts';
export { LabelRenderer } from './labels.ts';
export { docCommentsOf, type DocComments, type DocCommentBlock } from './doc-comments.ts';

/** starlark_doc_extract's attributes, after select() resolution. */
export interface DocExtractAttrs {
  readonly src: Label;
  readonly deps: readonly Label[];
  readonly symbol_names: readonly string[];
  readonly allow_unused_doc_comments: boolean;
  readonly render_main_repo_name: boolean;
  /**
   * The files `src` and `deps` provide, as analysis computed them (DefaultInfo). When absent, they are worked
   * out from the loaded targets (aliases, filegroups, bzl_library), for the Docs panel's quick look.
   */
  readonly srcFiles?: readonly FileRef[];
  readonly depFiles?: readonly FileRef[];
}

export type ExtractResult =
  | { readonly moduleInfo: ModuleInfo; /** The .bzl file documented (src resolved). */ readonly file: Label }
  | { readonly error: string; readonly attribute?: 'src' | 'deps' };

export interface FileRef {
  readonly label: Label;
  /** The rule that generates it; undefined for a source file. */
  readonly generatedBy?: Label;
}

class Failure extends Error {
  constructor(
    message: string,
    readonly attribute?: 'src' | 'deps',
  ) {
    super(message);
  }
}

function pathOf(l: Label): string {
  return l.pkg ? `${l.pkg}/${l.name}` : l.name;
}

function targetOf(loader: Loader, l: Label): Target {
  if (l.repo !== '') throw new Failure(`no such package '@${l.repo}//${l.pkg}': external repositories are not supported here`);
  const pkg = loader.getPackage(l.pkg);
  if (!pkg) throw new Failure(buildFileNotFound(l.pkg, loader.abs(l.pkg)));
  const t = pkg.targets.get(l.name);
  if (!t) throw new Failure(noSuchTarget(l, loader.abs(pkg.buildFile)));
  return t;
}

/** The labels a rule attribute names (every select() branch, as written). */
function labelsOf(rule: RuleTarget, name: string): Label[] {
  const v = attrValue(rule, name);
  if (v === undefined || v === null) return [];
  const out: Label[] = [];
  const add = (x: unknown) => {
    if (x === null || x === undefined) return;
    if (Array.isArray(x)) x.forEach(add);
    else if (typeof x === 'object' && 'pkg' in (x as object)) out.push(x as Label);
  };
  if (v instanceof Configurable) {
    for (const p of v.parts) {
      if (p.kind === 'value') add(p.value);
      else p.branches.forEach((b) => add(b.value));
    }
  } else add(v);
  return out;
}

/** The files a target provides (its DefaultInfo files, as far as loading can tell). */
function filesOf(loader: Loader, l: Label, seen = new Set<string>()): FileRef[] {
  const key = labelToString(l);
  if (seen.has(key)) return [];
  seen.add(key);
  const t = targetOf(loader, l);
  switch (t.kind) {
    case 'source file':
      return [{ label: t.label }];
    case 'generated file':
      return [{ label: t.label, generatedBy: t.rule }];
    case 'package group':
      return [];
    case 'rule': {
      if (t.ruleClass === 'alias') return labelsOf(t, 'actual').flatMap((x) => filesOf(loader, x, seen));
      const out: FileRef[] = [];
      const starlarkRule = !isNativeSchema(t.schema);
      if (t.ruleClass === 'filegroup' || t.ruleClass === 'bzl_library' || starlarkRule) {
        // filegroup: its srcs; bzl_library (native, or a Starlark one like skylib's): srcs and the deps' files.
        for (const x of labelsOf(t, 'srcs')) out.push(...filesOf(loader, x, seen));
        if (t.ruleClass !== 'filegroup') for (const x of labelsOf(t, 'deps')) out.push(...filesOf(loader, x, seen));
      }
      if (t.ruleClass === 'starlark_doc_extract') return t.outputs.filter((o) => o.name.endsWith('.binaryproto')).map((o) => ({ label: o, generatedBy: t.label }));
      for (const o of t.outputs) out.push({ label: o, generatedBy: t.label });
      return out;
    }
  }
}

function formatDerived(f: FileRef, r: LabelRenderer): string {
  return `${pathOf(f.label)} (generated by rule ${r.render(f.generatedBy!)})`;
}

/** The load() labels of a .bzl file, in order. */
function loadsOf(loader: Loader, path: string, cache: Map<string, Label[]>): Label[] {
  const hit = cache.get(path);
  if (hit) return hit;
  const out: Label[] = [];
  const source = loader.workspace.source(path);
  if (source) {
    const { file } = parse(source, { dialect: 'bzl', semantics: loader.profile.starlark });
    const pkg = loader.workspace.packageOf(path) ?? '';
    for (const s of file.stmts) {
      if (s.kind !== 'LoadStmt') continue;
      try {
        out.push(parseLabelInPackage(s.module.value as string, { repo: '', pkg }, loader.profile.labels));
      } catch (e) {
        if (!(e instanceof LabelSyntaxError)) throw e;
      }
    }
  }
  cache.set(path, out);
  return out;
}

/** The name of the main repository: Bzlmod's module name, else the WORKSPACE name. */
function mainRepoName(loader: Loader): string {
  const ws = loader.workspace;
  const module = ws.read('MODULE.bazel');
  const m = module && /(?:^|\n)\s*module\s*\(([^)]*)\)/.exec(module);
  const name = m && /\bname\s*=\s*["']([^"']*)["']/.exec(m[1]!);
  if (name && name[1]) return name[1];
  const w = ws.read('WORKSPACE.bazel') ?? ws.read('WORKSPACE');
  const wn = w && /\bworkspace\s*\([^)]*\bname\s*=\s*["']([^"']*)["']/.exec(w);
  if (wn && wn[1]) return wn[1];
  return module !== undefined ? '_main' : '__main__';
}

function readAttrs(rule: RuleTarget, given: Partial<DocExtractAttrs>): DocExtractAttrs {
  const plain = <T>(name: string, def: T): T => {
    const v = attrValue(rule, name);
    if (v === undefined || v === null || v instanceof Configurable) return def;
    return v as unknown as T;
  };
  const src = given.src ?? plain<Label | undefined>('src', undefined);
  if (!src) throw new Failure("missing value for mandatory attribute 'src' in 'starlark_doc_extract' rule");
  return {
    src,
    deps: given.deps ?? labelsOf(rule, 'deps'),
    symbol_names: given.symbol_names ?? plain<readonly string[]>('symbol_names', []),
    allow_unused_doc_comments: given.allow_unused_doc_comments ?? plain('allow_unused_doc_comments', false),
    render_main_repo_name: given.render_main_repo_name ?? plain('render_main_repo_name', false),
    ...(given.srcFiles ? { srcFiles: given.srcFiles } : {}),
    ...(given.depFiles ? { depFiles: given.depFiles } : {}),
  };
}

/** Documents the .bzl file of a starlark_doc_extract target (see the module comment). */
export function extractModuleInfo(loader: Loader, rule: RuleTarget, resolvedAttrs: Partial<DocExtractAttrs> = {}): ExtractResult {
  try {
    return extract(loader, rule, readAttrs(rule, resolvedAttrs));
  } catch (e) {
    if (e instanceof Failure) return e.attribute ? { error: e.message, attribute: e.attribute } : { error: e.message };
    if (e instanceof ExtractionError) return { error: e.message };
    throw e;
  }
}

function extract(loader: Loader, _rule: RuleTarget, a: DocExtractAttrs): ExtractResult {
  const plainRenderer = new LabelRenderer();
  // src: exactly one file, a source file.
  const srcFiles = a.srcFiles ?? (() => {
    try {
      return filesOf(loader, a.src);
    } catch (e) {
      if (e instanceof Failure) throw new Failure(e.message, 'src');
      throw e;
    }
  })();
  if (srcFiles.length !== 1) throw new Failure(`'${labelToString(a.src)}' must produce a single file`, 'src');
  const src = srcFiles[0]!;
  if (src.generatedBy) throw new Failure(`${formatDerived(src, plainRenderer)} is not a source file and cannot be loaded in Starlark`, 'src');
  if (!/\.(bzl|scl)$/.test(src.label.name)) {
    throw new Failure(`source file '${labelToString(src.label)}' is misplaced here (expected .bzl or .scl)`, 'src');
  }
  const path = pathOf(src.label);
  if (!loader.workspace.hasFile(path)) throw new Failure(`cannot load '${labelToString(src.label)}': no such file`, 'src');
  const entry = loader.loadBzl(path);
  if (!entry.module) throw new Failure(entry.error ?? `Extension file '${path}' has errors`, 'src');
  const module = entry.module;

  // deps: every module src loads, transitively, must be a source file of deps (topmost unknown loads only).
  const depFiles = a.depFiles ?? a.deps.flatMap((d) => {
    try {
      return filesOf(loader, d);
    } catch (e) {
      if (e instanceof Failure) throw new Failure(e.message, 'deps');
      throw e;
    }
  });
  const known = new Set(depFiles.filter((f) => !f.generatedBy).map((f) => labelToString(f.label)));
  const derived = depFiles.filter((f) => f.generatedBy);
  const unknown: string[] = [];
  const visited = new Set<string>();
  const cache = new Map<string, Label[]>();
  const visit = (p: string) => {
    for (const l of loadsOf(loader, p, cache)) {
      const k = labelToString(l);
      if (visited.has(k)) continue;
      visited.add(k);
      if (!known.has(k)) {
        unknown.push(plainRenderer.render(l));
        continue;
      }
      visit(pathOf(l));
    }
  };
  visit(path);
  if (unknown.length > 0) {
    let msg = `missing bzl_library targets for Starlark module(s) ${unknown.join(', ')}`;
    if (derived.length > 0) {
      msg += `\nNote the following are generated file(s) and cannot be loaded in Starlark: ${derived.map((f) => formatDerived(f, plainRenderer)).join(', ')}`;
    }
    throw new Failure(msg, 'deps');
  }

  // The documentation.
  const renderer = new LabelRenderer(a.render_main_repo_name ? mainRepoName(loader) : undefined);
  const moduleInfo = documentModule(loader, module, path, {
    renderer,
    symbolNames: a.symbol_names,
    allowUnusedDocComments: a.allow_unused_doc_comments,
    file: src.label,
  });
  return { moduleInfo, file: src.label };
}

/**
 * The ModuleInfo of a loaded .bzl module (workspace path `path`): its doc comments and docstring read from the
 * source, functions located as Bazel prints them. Throws ExtractionError as walkModule does.
 */
export function documentModule(
  loader: Loader,
  module: Module,
  path: string,
  o: Pick<WalkOptions, 'renderer' | 'symbolNames' | 'allowUnusedDocComments' | 'file'>,
): ModuleInfo {
  const source = module.file ?? loader.workspace.source(path)!;
  const { file: ast } = parse(source, { dialect: 'bzl', semantics: loader.profile.starlark });
  return walkModule(module, {
    ...o,
    docComments: docCommentsOf(ast, source),
    moduleDoc: docString(ast.stmts),
    labelOf: (m: Module): Label | undefined => (m.file ? loader.bzlLabelOf(m.file.path) : undefined),
    locationOf: (fn: StarlarkFunction): string => {
      const f = fn.module.file;
      if (!f) return '<unknown>';
      const pos = f.lines.position(fn.rfn.pos);
      return `${loader.abs(f.path)}:${pos.line}:${pos.column}`;
    },
    absPath: loader.abs(path),
  });
}
