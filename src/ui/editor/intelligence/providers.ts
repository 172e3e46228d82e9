// The editor's intelligence for Starlark files and .bazelrc, from the engine's rule tables and option table and
// the last load's targets: hover docs (rules, attributes, built-ins, labels), completion (rule names, attribute
// names, workspace labels, config_setting keys, select() conditions, load() files, flags), go to definition
// (labels, load() files and symbols, loaded names) and signature help for rule calls.
//
// Hover texts are Markdown that Monaco renders without HTML; every piece that comes from the workspace is put in
// a code span, so nothing a user wrote is ever interpreted.

import type * as Monaco from 'monaco-editor/editor';
import type { OptionInfo, RuleInfo, TargetSummary } from '../../../worker/protocol.ts';
import { useEngine } from '../../state/engine-store.ts';
import { fetchOptionTable, fetchRuleTable } from '../../state/engine-sync.ts';
import { useWorkspace } from '../../state/workspace-store.ts';
import { pathOfModelPath } from '../diagnostic-to-monaco.ts';
import { BUILTINS } from './builtins.ts';
import { absoluteLabel, definitionOf, labelPath, loadBindings, packageOf, relativeLabel } from './labels.ts';
import { contextAt, enclosingDict, type StarlarkContext } from './starlark-context.ts';
import { textOf } from '../../state/file-content.ts';

let rules: Map<string, RuleInfo> = new Map();
let options: OptionInfo[] = [];

/** Asks the worker for the tables once (again after a failure, at the next use). */
let fetching: Promise<void> | null = null;
function ensureTables(): Promise<void> {
  return (fetching ??= (async () => {
    const [r, o] = await Promise.all([fetchRuleTable(), fetchOptionTable()]);
    if (r.status === 'done' && r.value.length) rules = new Map(r.value.map((x) => [x.name, x]));
    if (o.status === 'done') options = o.value;
    if (r.status !== 'done' || !r.value.length) fetching = null;
  })());
}

function code(s: string): string {
  const ticks = s.includes('`') ? '``' : '`';
  return `${ticks}${s.replace(/\n/g, ' ')}${ticks}`;
}

function ruleOf(callee: string): RuleInfo | undefined {
  return rules.get(callee.replace(/^native\./, ''));
}

function targets(): readonly TargetSummary[] {
  return useEngine.getState().load?.result.targets ?? [];
}

function pathOf(model: Monaco.editor.ITextModel): string {
  return pathOfModelPath(model.uri.path);
}

function isBzl(path: string): boolean {
  return /\.(bzl|star)$/.test(path);
}

function ruleMarkdown(r: RuleInfo): string {
  const own = r.attrs.filter((a) => a.name !== 'name').slice(0, 14);
  return [
    `**${r.name}** — native rule${r.modernOnly ? ' (current Bazel only)' : ''}`,
    '',
    r.doc,
    '',
    ...own.map((a) => `- ${code(a.name)} *${a.type}*${a.mandatory ? ' (mandatory)' : ''} — ${a.doc}`),
  ].join('\n');
}

function attrMarkdown(r: RuleInfo, name: string): string | null {
  const a = r.attrs.find((x) => x.name === name);
  if (!a) return null;
  const facts = [
    `type ${code(a.type)}`,
    a.mandatory ? 'mandatory' : a.default !== null ? `default ${code(a.default)}` : 'optional',
    a.configurable ? 'configurable (select() allowed)' : 'not configurable',
    ...(a.files ? [`files: ${a.files}`] : []),
  ];
  return `**${r.name}.${a.name}** — ${a.doc}\n\n${facts.join(' · ')}`;
}

function labelMarkdown(text: string, path: string): string | null {
  const files = useWorkspace.getState().files;
  const pkg = packageOf(path, files);
  if (pkg === null) return null;
  const label = absoluteLabel(text, pkg);
  if (!label) return null;
  const t = targets().find((x) => x.label === label);
  if (!t) {
    const pkgName = label.slice(2, label.indexOf(':'));
    const known = targets().some((x) => x.package === pkgName);
    return known ? `${code(label)}\n\nno such target ${code(label)}` : `${code(label)}\n\nno such package ${code(pkgName)}`;
  }
  return `${code(t.label)} — ${t.kind}\n\ndeclared at ${code(`${t.location.file}:${t.location.line}:${t.location.column}`)} (F12 goes there)`;
}

// ---------------------------------------------------------------------------------------------------------------

export function registerStarlarkIntelligence(monaco: typeof Monaco, languageId: string): Monaco.IDisposable[] {
  void ensureTables();
  const disposables: Monaco.IDisposable[] = [];
  const Kind = monaco.languages.CompletionItemKind;

  disposables.push(
    monaco.languages.registerHoverProvider(languageId, {
      async provideHover(model, position) {
        await ensureTables();
        const path = pathOf(model);
        const text = model.getValue();
        const offset = model.getOffsetAt(position);
        const ctx = contextAt(text, offset);
        if (ctx.string) {
          const md = labelMarkdown(ctx.string.text, path);
          if (!md) return null;
          const start = model.getPositionAt(ctx.string.start);
          const end = model.getPositionAt(ctx.string.end);
          return { contents: [{ value: md }], range: new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column) };
        }
        const word = model.getWordAtPosition(position);
        if (!word) return null;
        const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
        const line = model.getLineContent(position.lineNumber);
        const after = line.slice(word.endColumn - 1);
        const inner = contextAt(text, model.getOffsetAt({ lineNumber: position.lineNumber, column: word.startColumn }));
        // An attribute name: `srcs =` inside a rule call.
        if (/^\s*=(?!=)/.test(after) && inner.call) {
          const r = ruleOf(inner.call.callee);
          const md = r && attrMarkdown(r, word.word);
          if (md) return { contents: [{ value: md }], range };
        }
        const name = word.word;
        const r = rules.get(name);
        if (r) return { contents: [{ value: ruleMarkdown(r) }], range };
        const b = BUILTINS.find((x) => x.name === name);
        if (b) return { contents: [{ value: `${code(b.signature)}\n\n${b.doc}` }], range };
        const binding = loadBindings(text).find((x) => x.local === word.word);
        if (binding) return { contents: [{ value: `${code(binding.exported)} loaded from ${code(binding.module)} (F12 goes to its definition)` }], range };
        return null;
      },
    }),
  );

  disposables.push(
    monaco.languages.registerCompletionItemProvider(languageId, {
      triggerCharacters: ['"', "'", ':', '/', '(', ',', '\n', ' '],
      async provideCompletionItems(model, position) {
        await ensureTables();
        const path = pathOf(model);
        const text = model.getValue();
        const offset = model.getOffsetAt(position);
        const ctx = contextAt(text, offset);
        if (ctx.inComment) return { suggestions: [] };
        if (ctx.string) return { suggestions: stringCompletions(monaco, model, path, ctx) };

        const word = model.getWordUntilPosition(position);
        const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
        const suggestions: Monaco.languages.CompletionItem[] = [];
        const r = ctx.call && ruleOf(ctx.call.callee);
        if (ctx.atArgumentName && r) {
          for (const a of r.attrs) {
            if (ctx.call!.keywords.includes(a.name) && a.name !== word.word) continue;
            suggestions.push({
              label: a.name,
              kind: Kind.Property,
              detail: `${a.type}${a.mandatory ? ' · mandatory' : ''}`,
              documentation: { value: attrMarkdown(r, a.name) ?? '' },
              insertText: `${a.name} = `,
              sortText: (a.name === 'name' ? '0' : a.mandatory ? '1' : '2') + a.name,
              range,
            });
          }
          return { suggestions };
        }
        if (ctx.frames.length === 0 || (ctx.call && !ctx.atArgumentName)) {
          const snippet = monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet;
          if (!isBzl(path) || /native\.$/.test(model.getLineContent(position.lineNumber).slice(0, word.startColumn - 1))) {
            for (const rule of rules.values()) {
              const mandatory = rule.attrs.filter((a) => a.mandatory && a.name !== 'name');
              const body = ['    name = "${1:' + rule.name.replace(/_.*/, '') + '}",', ...mandatory.map((a, i) => `    ${a.name} = \${${i + 2}},`)];
              suggestions.push({
                label: rule.name,
                kind: Kind.Class,
                detail: 'native rule',
                documentation: { value: ruleMarkdown(rule) },
                insertText: ctx.frames.length === 0 ? `${rule.name}(\n${body.join('\n')}\n)` : rule.name,
                insertTextRules: ctx.frames.length === 0 ? snippet : undefined,
                range,
              });
            }
          }
          for (const b of BUILTINS) {
            if (b.where === 'bzl' && !isBzl(path)) continue;
            suggestions.push({ label: b.name, kind: Kind.Function, detail: b.signature, documentation: b.doc, insertText: b.name, range });
          }
          for (const bnd of loadBindings(text)) {
            suggestions.push({ label: bnd.local, kind: Kind.Function, detail: `loaded from ${bnd.module}`, insertText: bnd.local, range });
          }
        }
        return { suggestions };
      },
    }),
  );

  disposables.push(
    monaco.languages.registerSignatureHelpProvider(languageId, {
      signatureHelpTriggerCharacters: ['(', ','],
      signatureHelpRetriggerCharacters: ['='],
      async provideSignatureHelp(model, position) {
        await ensureTables();
        const ctx = contextAt(model.getValue(), model.getOffsetAt(position));
        const call = ctx.call;
        const r = call && ruleOf(call.callee);
        if (!call || !r) return null;
        const params = r.attrs.filter((a) => !a.name.startsWith('generator_')).slice(0, 40);
        const label = `${r.name}(${params.map((a) => a.name).join(', ')})`;
        let active = call.keyword ? params.findIndex((a) => a.name === call.keyword) : -1;
        if (active < 0 && !call.keyword) active = Math.min(call.argIndex, params.length - 1);
        return {
          value: {
            signatures: [
              {
                label,
                documentation: r.doc,
                parameters: params.map((a) => ({ label: a.name, documentation: { value: attrMarkdown(r, a.name) ?? '' } })),
              },
            ],
            activeSignature: 0,
            activeParameter: Math.max(0, active),
          },
          dispose() {},
        };
      },
    }),
  );

  disposables.push(
    monaco.languages.registerDefinitionProvider(languageId, {
      provideDefinition(model, position) {
        const path = pathOf(model);
        const files = useWorkspace.getState().files;
        const text = model.getValue();
        const offset = model.getOffsetAt(position);
        const ctx = contextAt(text, offset);
        const toLocation = (file: string, line: number, column: number): Monaco.languages.Location => ({
          uri: monaco.Uri.from({ scheme: 'file', path: '/' + file }),
          range: new monaco.Range(line, column, line, column),
        });
        const pkg = packageOf(path, files) ?? '';
        if (ctx.string) {
          // load("…bzl", "symbol"): the file, or the symbol's definition in it.
          if (ctx.call?.callee === 'load') {
            const module = /load\(\s*["']([^"']+)["']/.exec(text.slice(ctx.call.open - 4))?.[1];
            const label = module && absoluteLabel(module, pkg);
            const file = label && labelPath(label);
            if (!file || !(file in files)) return null;
            if (ctx.call.argIndex === 0) return toLocation(file, 1, 1);
            const def = definitionOf(textOf(files[file]), ctx.string.text);
            return def ? toLocation(file, def.line, def.column) : toLocation(file, 1, 1);
          }
          const label = absoluteLabel(ctx.string.text, pkg);
          if (!label) return null;
          const t = targets().find((x) => x.label === label);
          if (t && t.kind !== 'source file' && t.kind !== 'generated file') return toLocation(t.location.file, t.location.line, t.location.column);
          const file = labelPath(label);
          if (file in files) return toLocation(file, 1, 1);
          if (t) return toLocation(t.location.file, t.location.line, t.location.column);
          return null;
        }
        const word = model.getWordAtPosition(position);
        if (!word) return null;
        const binding = loadBindings(text).find((b) => b.local === word.word);
        if (binding) {
          const label = absoluteLabel(binding.module, pkg);
          const file = label && labelPath(label);
          if (file && file in files) {
            const def = definitionOf(textOf(files[file]), binding.exported);
            return def ? toLocation(file, def.line, def.column) : toLocation(file, 1, 1);
          }
        }
        const local = definitionOf(text, word.word);
        if (local) return toLocation(path, local.line, local.column);
        return null;
      },
    }),
  );

  // .bazelrc (plain text): flags after the command word.
  disposables.push(
    monaco.languages.registerCompletionItemProvider('plaintext', {
      triggerCharacters: ['-'],
      async provideCompletionItems(model, position) {
        if (!/(^|\/)\.bazelrc$|\.bazelrc$/.test(pathOf(model))) return { suggestions: [] };
        await ensureTables();
        const line = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
        const m = /^(\w+)(?::\S+)?\s.*?(--?[\w-]*)$/.exec(line);
        if (!m) return { suggestions: [] };
        const command = m[1];
        const typed = m[2];
        const range = new monaco.Range(position.lineNumber, position.column - typed.length, position.lineNumber, position.column);
        return {
          suggestions: options
            .filter((o) => command === 'common' || command === 'startup' || o.commands.includes(command))
            .map((o) => ({
              label: `--${o.name}`,
              kind: Kind.Field,
              detail: o.default !== null ? `default ${o.default}` : o.kind,
              documentation: o.doc,
              insertText: o.kind === 'boolean' ? `--${o.name}` : `--${o.name}=`,
              range,
            })),
        };
      },
    }),
  );

  disposables.push(
    monaco.editor.registerEditorOpener({
      openCodeEditor(_source, resource, selectionOrPosition) {
        const file = pathOfModelPath(resource.path);
        if (!(file in useWorkspace.getState().files)) return false;
        const p = selectionOrPosition && 'startLineNumber' in selectionOrPosition
          ? { line: selectionOrPosition.startLineNumber, column: selectionOrPosition.startColumn }
          : selectionOrPosition
            ? { line: selectionOrPosition.lineNumber, column: selectionOrPosition.column }
            : { line: 1, column: 1 };
        useWorkspace.getState().revealAt(file, p.line, p.column);
        return true;
      },
    }),
  );
  return disposables;
}

function stringCompletions(
  monaco: typeof Monaco,
  model: Monaco.editor.ITextModel,
  path: string,
  ctx: StarlarkContext,
): Monaco.languages.CompletionItem[] {
  const Kind = monaco.languages.CompletionItemKind;
  const files = useWorkspace.getState().files;
  const pkg = packageOf(path, files);
  const s = ctx.string!;
  const start = model.getPositionAt(s.start);
  const cursor = model.getPositionAt(s.end);
  const range = new monaco.Range(start.lineNumber, start.column, cursor.lineNumber, cursor.column);
  const out: Monaco.languages.CompletionItem[] = [];

  // load("…"): the .bzl files of the workspace.
  if (ctx.call?.callee === 'load' && ctx.call.argIndex === 0) {
    for (const f of Object.keys(files)) {
      if (!isBzl(f)) continue;
      const fpkg = packageOf(f, files);
      if (fpkg === null) continue;
      const rel = f.slice(fpkg ? fpkg.length + 1 : 0);
      const label = fpkg === pkg ? `:${rel}` : `//${fpkg}:${rel}`;
      out.push({ label, kind: Kind.File, insertText: label, range });
    }
    return out;
  }
  const dict = enclosingDict(ctx);
  // config_setting(values = {"…": …}): option names.
  if (dict?.atKey && dict.keyword === 'values' && /config_setting$/.test(dict.callee)) {
    for (const o of options) {
      out.push({ label: o.name, kind: Kind.Field, detail: o.default !== null ? `default ${o.default}` : o.kind, documentation: o.doc, insertText: o.name, range });
    }
    return out;
  }
  // select({"…": …}): config_setting labels and the default condition.
  if (dict?.atKey && dict.callee === 'select') {
    out.push({ label: '//conditions:default', kind: Kind.Constant, insertText: '//conditions:default', range, sortText: 'z' });
    for (const t of targets()) {
      if (t.kind !== 'config_setting rule' && t.kind !== 'constraint_value rule') continue;
      const label = relativeLabel(t.label, pkg);
      out.push({ label, kind: Kind.Reference, detail: t.kind, insertText: label, range });
    }
    return out;
  }
  // Any other string inside a rule call: labels of the workspace's targets (same package first, as `:name`).
  if (ctx.call && ctx.call.keyword && ctx.call.keyword !== 'name') {
    for (const t of targets()) {
      const same = t.package === pkg;
      if (same && t.kind === 'generated file') continue;
      const label = same ? `:${t.name}` : relativeLabel(t.label, null);
      out.push({
        label,
        kind: t.kind.endsWith('file') ? Kind.File : Kind.Reference,
        detail: t.kind,
        insertText: label,
        sortText: (same ? '0' : '1') + label,
        range,
      });
    }
  }
  return out;
}
