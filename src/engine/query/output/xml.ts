// --output=xml: `<query version="2">` with one element per target, as Bazel 4.2.3's XmlOutputFormatter writes
// it (XML 1.1 header, four-space indentation): rules with their explicitly set attributes as typed elements
// (every attribute with --xml:default_values; select() values flattened), rule-input and rule-output; source
// files with their visibility (and a BUILD file's loads); generated files; package groups.
import {
  compareLabels,
  Configurable,
  IMPLICIT_TESTS_ATTR,
  listedImplicitTests,
  labelToString,
  loadedFileLabel,
  type AttrSpec,
  type Label,
  type PlainAttrValue,
  type RuleTarget,
  type Workspace,
} from '../../loading/index.ts';
import { possibleValues, targetVisibility } from '../attribute-values.ts';
import { directEdges } from '../graph.ts';
import { formatLocation, type OutputContext } from './context.ts';
import { licenseTypes, listedAttributes, listedValue } from './listed-attributes.ts';

export function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}

function attrs(pairs: readonly (readonly [string, string | undefined])[]): string {
  return pairs
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${xmlEscape(v!)}"`)
    .join('');
}

function elementType(t: AttrSpec['type']): string {
  switch (t) {
    case 'label':
    case 'nodep_label':
    case 'label_list':
    case 'nodep_label_list':
      return 'label';
    case 'output':
    case 'output_list':
      return 'output';
    case 'bool':
      return 'boolean';
    case 'int':
      return 'int';
    case 'tristate':
      return 'tristate';
    default:
      return 'string';
  }
}

function scalar(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return String(v);
  return labelToString(v as Label);
}

function attributeXml(spec: AttrSpec, v: PlainAttrValue, ind: string): string[] {
  const t = spec.type;
  const name = spec.name;
  if (t === 'distribs') {
    const list = (v ?? []) as readonly string[];
    if (list.length === 0) return [`${ind}<list name="${name}"/>`];
    return [`${ind}<list name="${name}">`, ...list.map((x) => `${ind}    <distribution value="${xmlEscape(x)}"/>`), `${ind}</list>`];
  }
  if (t === 'license') {
    return [
      `${ind}<license name="${name}">`,
      `${ind}    <list name="exceptions"/>`,
      `${ind}    <list name="license-types">`,
      ...licenseTypes(v).map((s) => `${ind}        <string value="${xmlEscape(s)}"/>`),
      `${ind}    </list>`,
      `${ind}</license>`,
    ];
  }
  if (t.endsWith('dict')) {
    const entries = (v ?? []) as readonly (readonly [unknown, unknown])[];
    if (entries.length === 0) return [`${ind}<dict name="${name}"/>`];
    const out = [`${ind}<dict name="${name}">`];
    for (const [k, val] of entries) {
      out.push(`${ind}    <pair>`);
      out.push(`${ind}        <${t === 'label_keyed_string_dict' ? 'label' : 'string'} value="${xmlEscape(scalar(k))}"/>`);
      if (Array.isArray(val)) {
        out.push(`${ind}        <list>`);
        for (const x of val) out.push(`${ind}            <${t === 'label_list_dict' ? 'label' : 'string'} value="${xmlEscape(scalar(x))}"/>`);
        out.push(`${ind}        </list>`);
      } else out.push(`${ind}        <${t === 'string_keyed_label_dict' ? 'label' : 'string'} value="${xmlEscape(scalar(val))}"/>`);
      out.push(`${ind}    </pair>`);
    }
    out.push(`${ind}</dict>`);
    return out;
  }
  const el = elementType(t);
  if (t.endsWith('_list') || t === 'string_list') {
    const list = (v ?? []) as readonly unknown[];
    if (list.length === 0) return [`${ind}<list name="${name}"/>`];
    return [`${ind}<list name="${name}">`, ...list.map((x) => `${ind}    <${el} value="${xmlEscape(scalar(x))}"/>`), `${ind}</list>`];
  }
  if (v === null) return [`${ind}<${el} name="${name}"/>`];
  // A tristate prints as Bazel's TriState names it (stamp = -1 is AUTO).
  if (t === 'tristate') return [`${ind}<tristate name="${name}" value="${v === 1 || v === true ? 'YES' : v === 0 || v === false ? 'NO' : 'AUTO'}"/>`];
  return [`${ind}<${el} name="${name}" value="${xmlEscape(scalar(v))}"/>`];
}

/** A single-valued attribute whose select() has several possible values: Bazel shows no value, only that. */
export const SEVERAL_VALUES = Symbol('configurable');

/**
 * A select()'s possible values merged into one, as Bazel's flattened outputs show them: lists are the union of
 * every branch's elements in order, dicts the union of their keys (the first value wins); a single-valued
 * attribute with more than one possible value is SEVERAL_VALUES (xml: `configurable="yes"`, proto: no value).
 */
export function flattenValue(type: AttrSpec['type'], v: PlainAttrValue | Configurable): PlainAttrValue | typeof SEVERAL_VALUES {
  if (!(v instanceof Configurable)) return v;
  const all = possibleValues(v);
  const dict = type.endsWith('dict');
  if (dict || type.endsWith('_list') || type === 'distribs') {
    const seen = new Set<string>();
    const out: unknown[] = [];
    for (const x of all) {
      for (const e of (x ?? []) as readonly unknown[]) {
        const key = dict ? (e as readonly unknown[])[0] : e;
        const k = typeof key === 'object' && key !== null && !Array.isArray(key) ? labelToString(key as Label) : JSON.stringify(key);
        if (seen.has(k)) continue;
        seen.add(k);
        out.push(e);
      }
    }
    return out as PlainAttrValue;
  }
  return all.length === 1 ? all[0]! : SEVERAL_VALUES;
}

export function makeXmlFormatter(workspace: Workspace) {
  return <T>(ctx: OutputContext<T>): string => {
    const o = ctx.options;
    const g = ctx.graph;
    const lines = ['<?xml version="1.1" encoding="UTF-8" standalone="no"?>', '<query version="2">'];
    const loc = (t: Parameters<typeof formatLocation>[1]) => formatLocation(t.location, t, o, false).replace(o.xmlLineNumbers ? /$^/ : /:\d+:\d+$/, '');
    for (const n of ctx.nodes) {
      const t = g.target(n);
      const pkg = t.label.repo === '' ? g.packages?.packageOf(n) : undefined;
      // The target's own package in any repository (a built-in one's for Bazel's tools): defaults and visibility.
      const ownPkg = t.label.repo === '' ? pkg : g.packages?.anyPackageOf?.(n);
      switch (t.kind) {
        case 'rule': {
          lines.push(`    <rule${attrs([['class', t.ruleClass], ['location', loc(t)], ['name', labelToString(t.label)]])}>`);
          lines.push(`        <string name="name" value="${xmlEscape(t.label.name)}"/>`);
          // Rule inputs are the attributes' labels: visibility's package groups are not among them (Bazel 4.2.3).
          const edges = directEdges(t, { implicitDeps: o.implicitDeps }).filter((e) => e.attr !== 'visibility');
          const configDeps = () => edges.filter((e) => e.attr === '$config_dependencies').map((e) => e.label);
          let implicitTestsListed = false;
          for (const a of listedAttributes(t.schema, g.profile)) {
            if (a.name === 'name') continue;
            implicitTestsListed ||= a.name === '$implicit_tests';
            const { value, explicit } = listedValue(t as RuleTarget, a, ownPkg, workspace, configDeps, o);
            if (!explicit && !o.xmlDefaultValues) continue;
            const flat = flattenValue(a.spec.type, value);
            if (flat === SEVERAL_VALUES) lines.push(`        <${a.spec.type === 'license' ? 'license' : elementType(a.spec.type)} configurable="yes" name="${a.name}"/>`);
            else lines.push(...attributeXml({ ...a.spec, name: a.name }, flat, '        '));
          }
          if (t.implicitTests && !implicitTestsListed) lines.push(...attributeXml(IMPLICIT_TESTS_ATTR, listedImplicitTests(t)!, '        '));
          const inputs = edges.map((e) => e.label).sort(compareLabels);
          const uniq = [...new Set(inputs.map(labelToString))];
          for (const i of uniq) lines.push(`        <rule-input name="${xmlEscape(i)}"/>`);
          for (const out of t.outputs) lines.push(`        <rule-output name="${xmlEscape(labelToString(out))}"/>`);
          lines.push('    </rule>');
          break;
        }
        case 'source file': {
          if (t.fakeLoad) {
            lines.push(`    <source-file${attrs([['location', loc(t)], ['name', labelToString(t.label)]])}/>`);
            break;
          }
          const extra: [string, string][] = t.isBuildFile ? [['package_contains_errors', String(pkg?.inError ?? false)]] : [];
          lines.push(`    <source-file${attrs([['location', loc(t)], ['name', labelToString(t.label)], ...extra])}>`);
          if (t.isBuildFile && ownPkg) {
            for (const l of ownPkg.loads) lines.push(`        <load name="${xmlEscape(labelToString(loadedFileLabel(l, t.label.repo, (f) => workspace.packageOf(f))))}"/>`);
          }
          const vis = targetVisibility(t, ownPkg);
          for (const v of vis) lines.push(`        <visibility-label name="${xmlEscape(labelToString(v))}"/>`);
          lines.push('    </source-file>');
          break;
        }
        case 'generated file':
          lines.push(`    <generated-file${attrs([['generating-rule', labelToString(t.rule)], ['location', loc(t)], ['name', labelToString(t.label)]])}/>`);
          break;
        case 'package group': {
          lines.push(`    <package-group${attrs([['location', loc(t)], ['name', labelToString(t.label)]])}>`);
          if (t.includes.length === 0) lines.push('        <list name="includes"/>');
          else lines.push('        <list name="includes">', ...t.includes.map((l) => `            <label value="${xmlEscape(labelToString(l))}"/>`), '        </list>');
          if (t.packages.length === 0) lines.push('        <list name="packages"/>');
          else lines.push('        <list name="packages">', ...t.packages.map((p) => `            <string value="${xmlEscape(p.replace(/^(-?)\/\//, '$1'))}"/>`), '        </list>');
          lines.push('    </package-group>');
          break;
        }
      }
    }
    // An empty result is one empty element, as Bazel's DOM serialiser writes it: `<query version="2"/>`.
    if (lines.length === 2) lines[1] = '<query version="2"/>';
    else lines.push('</query>');
    return lines.join('\n') + '\n';
  };
}

