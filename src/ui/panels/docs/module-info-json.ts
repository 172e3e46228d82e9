// The ModuleInfo as the worker sends it (protobuf JSON mapping of stardoc_output.proto: lowerCamelCase names,
// enums by name, fields at their default left out), read defensively, and the words Stardoc's markdown uses.

import type { JsonValue } from '../../../worker/protocol.ts';

export interface OriginKey {
  name?: string;
  file?: string;
}
export interface ProviderNameGroup {
  providerName?: string[];
  originKey?: OriginKey[];
}
export interface AttributeInfo {
  name?: string;
  docString?: string;
  type?: string;
  mandatory?: boolean;
  providerNameGroup?: ProviderNameGroup[];
  defaultValue?: string;
  nonconfigurable?: boolean;
  nativelyDefined?: boolean;
  values?: string[];
}
export interface RuleInfo {
  ruleName?: string;
  docString?: string;
  attribute?: AttributeInfo[];
  originKey?: OriginKey;
  advertisedProviders?: ProviderNameGroup;
  test?: boolean;
  executable?: boolean;
}
export interface MacroInfo {
  macroName?: string;
  docString?: string;
  attribute?: AttributeInfo[];
  originKey?: OriginKey;
  finalizer?: boolean;
}
export interface FunctionParamInfo {
  name?: string;
  docString?: string;
  defaultValue?: string;
  mandatory?: boolean;
  role?: string;
}
export interface StarlarkFunctionInfo {
  functionName?: string;
  parameter?: FunctionParamInfo[];
  docString?: string;
  return?: { docString?: string };
  deprecated?: { docString?: string };
  originKey?: OriginKey;
}
export interface ProviderInfo {
  providerName?: string;
  docString?: string;
  fieldInfo?: { name?: string; docString?: string }[];
  originKey?: OriginKey;
  init?: StarlarkFunctionInfo;
}
export interface AspectInfo {
  aspectName?: string;
  docString?: string;
  aspectAttribute?: string[];
  attribute?: AttributeInfo[];
  originKey?: OriginKey;
}
export interface ModuleExtensionInfo {
  extensionName?: string;
  docString?: string;
  tagClass?: { tagName?: string; docString?: string; attribute?: AttributeInfo[] }[];
  originKey?: OriginKey;
}
export interface RepositoryRuleInfo {
  ruleName?: string;
  docString?: string;
  attribute?: AttributeInfo[];
  environ?: string[];
  originKey?: OriginKey;
}
export interface ModuleInfoJson {
  ruleInfo?: RuleInfo[];
  providerInfo?: ProviderInfo[];
  funcInfo?: StarlarkFunctionInfo[];
  aspectInfo?: AspectInfo[];
  moduleDocstring?: string;
  file?: string;
  moduleExtensionInfo?: ModuleExtensionInfo[];
  repositoryRuleInfo?: RepositoryRuleInfo[];
  macroInfo?: MacroInfo[];
  starlarkOtherSymbolInfo?: { name?: string; doc?: string; typeName?: string }[];
}

/** The JSON as a ModuleInfo; anything that is not an object reads as an empty one. */
export function asModuleInfo(json: JsonValue | undefined): ModuleInfoJson {
  return json && typeof json === 'object' && !Array.isArray(json) ? (json as ModuleInfoJson) : {};
}

/** Stardoc's words for an attribute type (its markdown renderer). */
const TYPE_WORDS: Record<string, string> = {
  NAME: 'Name',
  INT: 'Integer',
  LABEL: 'Label',
  STRING: 'String',
  STRING_LIST: 'List of strings',
  INT_LIST: 'List of integers',
  LABEL_LIST: 'List of labels',
  BOOLEAN: 'Boolean',
  LABEL_STRING_DICT: 'Dictionary: Label -> String',
  STRING_DICT: 'Dictionary: String -> String',
  STRING_LIST_DICT: 'Dictionary: String -> List of strings',
  OUTPUT: 'Label',
  OUTPUT_LIST: 'List of labels',
  LABEL_DICT_UNARY: 'Dictionary: String -> Label',
  LABEL_LIST_DICT: 'Dictionary: Label -> List of strings',
};

export function typeWord(type: string | undefined): string {
  return TYPE_WORDS[type ?? 'UNKNOWN'] ?? 'Unknown';
}

/** `name, srcs, deps` — a signature's parameter list as Stardoc writes it (`*args`, `**kwargs` marked). */
export function signature(name: string, params: readonly { name?: string; role?: string }[]): string {
  const names = params.map((p) =>
    p.role === 'PARAM_ROLE_VARARGS' ? `*${p.name}` : p.role === 'PARAM_ROLE_KWARGS' ? `**${p.name}` : (p.name ?? ''),
  );
  return `${name}(${names.join(', ')})`;
}

/** `load("//pkg:defs.bzl", "name")`, the line Stardoc puts above each signature. */
export function loadLine(file: string | undefined, name: string): string | null {
  return file ? `load("${file}", "${name.split('.')[0]}")` : null;
}

export function countSymbols(m: ModuleInfoJson): number {
  return (
    (m.ruleInfo?.length ?? 0) +
    (m.providerInfo?.length ?? 0) +
    (m.funcInfo?.length ?? 0) +
    (m.aspectInfo?.length ?? 0) +
    (m.moduleExtensionInfo?.length ?? 0) +
    (m.repositoryRuleInfo?.length ?? 0) +
    (m.macroInfo?.length ?? 0)
  );
}

export type DocBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'list'; items: string[] };

/**
 * A docstring split into blocks, a safe subset of markdown: blank-line paragraphs, fenced or indented code,
 * `-`/`*` lists. Text stays text (inline code spans are split by `inlineParts`).
 */
export function docBlocks(doc: string): DocBlock[] {
  const lines = doc.replace(/\r\n?/g, '\n').split('\n');
  const out: DocBlock[] = [];
  let para: string[] = [];
  const flush = () => {
    if (para.length) out.push({ kind: 'paragraph', text: para.join('\n') });
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*```/.test(line)) {
      flush();
      const code: string[] = [];
      for (i++; i < lines.length && !/^\s*```/.test(lines[i]); i++) code.push(lines[i]);
      out.push({ kind: 'code', text: code.join('\n') });
      continue;
    }
    if (/^\s*[-*]\s+/.test(line)) {
      flush();
      const items: string[] = [];
      for (; i < lines.length && /^\s*[-*]\s+/.test(lines[i]); i++) {
        let item = lines[i].replace(/^\s*[-*]\s+/, '');
        while (i + 1 < lines.length && /^\s{2,}\S/.test(lines[i + 1]) && !/^\s*[-*]\s+/.test(lines[i + 1])) item += ' ' + lines[++i].trim();
        items.push(item);
      }
      i--;
      out.push({ kind: 'list', items });
      continue;
    }
    if (para.length === 0 && /^( {4}|\t)/.test(line)) {
      const code: string[] = [];
      for (; i < lines.length && (/^( {4}|\t)/.test(lines[i]) || (lines[i].trim() === '' && /^( {4}|\t)/.test(lines[i + 1] ?? ''))); i++) {
        code.push(lines[i].replace(/^( {4}|\t)/, ''));
      }
      i--;
      out.push({ kind: 'code', text: code.join('\n') });
      continue;
    }
    if (line.trim() === '') flush();
    else para.push(line);
  }
  flush();
  return out;
}

/** Inline parts of a paragraph: plain text, `code` spans and **strong** text. */
export function inlineParts(text: string): { kind: 'text' | 'code' | 'strong'; text: string }[] {
  const out: { kind: 'text' | 'code' | 'strong'; text: string }[] = [];
  const re = /`([^`]+)`|\*\*([^*]+)\*\*/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) out.push({ kind: 'text', text: text.slice(last, m.index) });
    out.push(m[1] !== undefined ? { kind: 'code', text: m[1] } : { kind: 'strong', text: m[2]! });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}
