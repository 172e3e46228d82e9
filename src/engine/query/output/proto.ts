// --output=proto (binary blaze_query.QueryResult), streamed_proto (length-delimited Targets), textproto (the
// QueryResult in protobuf text format), jsonproto (its JSON mapping) and streamed_jsonproto (one Target's JSON
// per line), after Bazel's ProtoOutputFormatter: every attribute of a rule (only the explicitly set ones with
// --noproto:default_values) with `explicitly_specified`, select()s flattened (the union of the branches, as
// --proto:flatten_selects does by default), booleans as int/string/boolean values, rule inputs sorted and rule
// outputs in order; source files with their visibility labels (and a BUILD file's loads as subincludes).

import { create, toBinary, toJson, type DescField, type DescMessage, type Message } from '@bufbuild/protobuf';
import { reflect, type ReflectMessage } from '@bufbuild/protobuf/reflect';
import { utf8Encode } from '../../base/index.ts';
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
  type Target,
  type Workspace,
} from '../../loading/index.ts';
import { targetVisibility } from '../attribute-values.ts';
import { directEdges } from '../graph.ts';
import { formatTargetLocation, type OutputContext } from './context.ts';
import { licenseTypes, listedAttributes, listedValue } from './listed-attributes.ts';
import {
  Attribute_Discriminator as D,
  AttributeSchema,
  QueryResultSchema,
  Target_Discriminator,
  TargetSchema,
  type Attribute,
  type Target as TargetProto,
} from './proto/build_pb.ts';
import { flattenValue, SEVERAL_VALUES } from './xml.ts';
import { ConfigurationSchema, ConfiguredTargetSchema, CqueryResultSchema, type ConfiguredTarget as ConfiguredTargetProto } from './proto/analysis_v2_pb.ts';
import type { Configuration } from '../../config/index.ts';

function discriminator(t: AttrSpec['type']): D {
  switch (t) {
    case 'label':
      return D.LABEL;
    case 'nodep_label':
      return D.STRING;
    case 'label_list':
      return D.LABEL_LIST;
    case 'nodep_label_list':
      return D.STRING_LIST;
    case 'output':
      return D.OUTPUT;
    case 'output_list':
      return D.OUTPUT_LIST;
    case 'string':
      return D.STRING;
    case 'string_list':
      return D.STRING_LIST;
    case 'bool':
      return D.BOOLEAN;
    case 'int':
      return D.INTEGER;
    case 'tristate':
      return D.TRISTATE;
    case 'string_dict':
      return D.STRING_DICT;
    case 'string_list_dict':
      return D.STRING_LIST_DICT;
    case 'label_keyed_string_dict':
      return D.LABEL_KEYED_STRING_DICT;
    case 'label_list_dict':
      return D.LABEL_LIST_DICT;
    case 'string_keyed_label_dict':
      return D.LABEL_DICT_UNARY;
    case 'license':
      return D.LICENSE;
    case 'distribs':
      return D.DISTRIBUTION_SET;
    default:
      return D.UNKNOWN;
  }
}

function str(x: unknown): string {
  if (typeof x === 'string') return x;
  if (typeof x === 'number' || typeof x === 'boolean') return String(x);
  return labelToString(x as Label);
}

function attributeProto(spec: AttrSpec, v: PlainAttrValue, explicit: boolean): Attribute {
  const a = create(AttributeSchema, { name: spec.name, type: discriminator(spec.type), explicitlySpecified: explicit });
  // Bazel sets `nodep` on string, label, string/label list and label-keyed dict attributes (true for nodep labels
  // such as visibility); not on numbers, booleans, licenses and the other dicts.
  if (![D.INTEGER, D.INTEGER_LIST, D.BOOLEAN, D.TRISTATE, D.STRING_DICT, D.LICENSE, D.STRING_LIST_DICT, D.LABEL_LIST_DICT].includes(a.type)) {
    a.nodep = spec.type.startsWith('nodep');
  }
  if (v === null) {
    if (a.type === D.LICENSE) a.license = { $typeName: 'blaze_query.License', licenseType: ['NONE'], exception: [] };
    return a;
  }
  switch (a.type) {
    case D.BOOLEAN:
      a.intValue = v ? 1 : 0;
      a.stringValue = v ? 'true' : 'false';
      a.booleanValue = v === true;
      break;
    case D.INTEGER:
      a.intValue = Number(v);
      break;
    case D.TRISTATE:
      // Bazel gives a tristate its number, its name (yes, no, auto) and the enum value.
      a.intValue = Number(v);
      a.stringValue = Number(v) === 1 ? 'yes' : Number(v) === 0 ? 'no' : 'auto';
      a.tristateValue = Number(v) === 1 ? 1 : Number(v) === 0 ? 0 : 2;
      break;
    case D.LABEL:
    case D.OUTPUT:
    case D.STRING:
      a.stringValue = str(v);
      break;
    case D.LICENSE:
      a.license = { $typeName: 'blaze_query.License', licenseType: licenseTypes(v), exception: [] };
      break;
    case D.STRING_DICT:
      a.stringDictValue = (v as readonly (readonly [string, string])[]).map(([key, value]) => ({ $typeName: 'blaze_query.StringDictEntry', key, value }));
      break;
    case D.LABEL_KEYED_STRING_DICT:
      a.labelKeyedStringDictValue = (v as readonly (readonly [Label, string])[]).map(([key, value]) => ({ $typeName: 'blaze_query.LabelKeyedStringDictEntry', key: str(key), value }));
      break;
    case D.STRING_LIST_DICT:
      a.stringListDictValue = (v as readonly (readonly [string, readonly string[]])[]).map(([key, value]) => ({ $typeName: 'blaze_query.StringListDictEntry', key, value: [...value] }));
      break;
    case D.LABEL_DICT_UNARY:
      a.labelDictUnaryValue = (v as readonly (readonly [string, Label])[]).map(([key, value]) => ({ $typeName: 'blaze_query.LabelDictUnaryEntry', key, value: str(value) }));
      break;
    case D.LABEL_LIST_DICT:
      a.labelListDictValue = (v as readonly (readonly [string, readonly Label[]])[]).map(([key, value]) => ({ $typeName: 'blaze_query.LabelListDictEntry', key, value: value.map(str) }));
      break;
    default:
      a.stringListValue = (v as readonly unknown[]).map(str);
  }
  return a;
}

/** cquery: the value a configurable attribute took in the node's configuration (undefined: keep the union). */
type ConfiguredValue<T> = (n: T, attr: string) => PlainAttrValue | undefined;

function targetProto<T>(ctx: OutputContext<T>, n: T, workspace: Workspace, configured?: ConfiguredValue<T>): TargetProto {
  const g = ctx.graph;
  const o = ctx.options;
  const t: Target = g.target(n);
  const pkg = t.label.repo === '' ? g.packages?.packageOf(n) : undefined;
  // The target's own package in any repository (a built-in one's for Bazel's tools): defaults and visibility.
  const ownPkg = t.label.repo === '' ? pkg : g.packages?.anyPackageOf?.(n);
  const name = labelToString(t.label);
  const location = formatTargetLocation(t, o, o.displaySourceFileLocation === true && g.profile.displaySourceFileLocation.inProto);
  switch (t.kind) {
    case 'rule': {
      // Rule inputs are the attributes' labels: visibility's package groups are not among them (Bazel 4.2.3).
      const edges = directEdges(t, { implicitDeps: o.implicitDeps }).filter((e) => e.attr !== 'visibility');
      const configDeps = () => edges.filter((e) => e.attr === '$config_dependencies').map((e) => e.label);
      const attribute: Attribute[] = [];
      let configDepsListed = false;
      let implicitTestsListed = false;
      for (const a of listedAttributes(t.schema, g.profile)) {
        configDepsListed ||= a.name === '$config_dependencies';
        implicitTestsListed ||= a.name === '$implicit_tests';
        const { value, explicit } = listedValue(t, a, ownPkg, workspace, configDeps, o);
        if (!explicit && !o.protoDefaultValues) continue;
        // cquery reads attributes through the configured attribute mapper: a visibility not written has no value
        // there (query prints the package's default), and a 4.2.3 config_setting's written one (query: public).
        const resolved = !configured
          ? undefined
          : t.attrs.get(a.name) instanceof Configurable
            ? configured(n, a.name)
            : a.name === 'visibility'
              ? (explicit ? t.writtenVisibility : [])
              : undefined;
        const flat = resolved !== undefined ? resolved : flattenValue(a.spec.type, value);
        attribute.push(attributeProto({ ...a.spec, name: a.name }, flat === SEVERAL_VALUES ? null : flat, explicit));
      }
      if (!configDepsListed) attribute.push(attributeProto({ name: '$config_dependencies', type: 'label_list', doc: '' }, configDeps(), false));
      if (t.implicitTests && !implicitTestsListed) attribute.push(attributeProto(IMPLICIT_TESTS_ATTR, listedImplicitTests(t)!, true));
      // Attributes sorted by name (Java String order), as Bazel's proto output lists them.
      attribute.sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
      // A Starlark rule's module digest comes last, with neither explicitly_specified nor nodep (Bazel 4.2.3).
      const digest = t.schema.definition?.digest;
      if (digest && g.profile.recordedQueryAttributes) attribute.push(create(AttributeSchema, { name: '$rule_implementation_hash', type: D.STRING, stringValue: digest }));
      const inputs = [...new Set(edges.map((e) => e.label).sort(compareLabels).map(labelToString))];
      return create(TargetSchema, {
        type: Target_Discriminator.RULE,
        rule: { name, ruleClass: t.ruleClass, location, attribute, ruleInput: inputs, ruleOutput: t.outputs.map(labelToString) },
      });
    }
    case 'source file': {
      if (t.fakeLoad) return create(TargetSchema, { type: Target_Discriminator.SOURCE_FILE, sourceFile: { name, location } });
      const vis = targetVisibility(t, ownPkg);
      const subinclude = t.isBuildFile && ownPkg ? ownPkg.loads.map((l) => labelToString(loadedFileLabel(l, t.label.repo, (f) => workspace.packageOf(f)))) : [];
      return create(TargetSchema, {
        type: Target_Discriminator.SOURCE_FILE,
        sourceFile: {
          name,
          location,
          subinclude,
          visibilityLabel: vis.map(labelToString),
          ...(t.isBuildFile ? { packageContainsErrors: pkg?.inError ?? false } : {}),
        },
      });
    }
    case 'generated file':
      return create(TargetSchema, { type: Target_Discriminator.GENERATED_FILE, generatedFile: { name, generatingRule: labelToString(t.rule), location } });
    case 'package group':
      return create(TargetSchema, {
        type: Target_Discriminator.PACKAGE_GROUP,
        packageGroup: { name, containedPackage: t.packages.map((p) => p.replace(/^(-?)\/\//, '$1')), includedPackageGroup: t.includes.map(labelToString) },
      });
  }
}

function varint(n: number): number[] {
  const out: number[] = [];
  while (n > 0x7f) {
    out.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  out.push(n);
  return out;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

export function makeProtoFormatter(workspace: Workspace, format: string) {
  return <T>(ctx: OutputContext<T>): string | Uint8Array => {
    const targets = ctx.nodes.map((n) => targetProto(ctx, n, workspace));
    switch (format) {
      case 'proto':
        return toBinary(QueryResultSchema, create(QueryResultSchema, { target: targets }));
      case 'streamed_proto':
        return concat(targets.flatMap((t) => {
          const b = toBinary(TargetSchema, t);
          return [new Uint8Array(varint(b.length)), b];
        }));
      case 'textproto':
        return textFormat(QueryResultSchema, create(QueryResultSchema, { target: targets }));
      case 'jsonproto':
        return JSON.stringify(toJson(QueryResultSchema, create(QueryResultSchema, { target: targets })), null, 2) + '\n';
      default:
        return targets.map((t) => JSON.stringify(toJson(TargetSchema, t)) + '\n').join('');
    }
  };
}

/** What cquery's proto outputs need of a configured-target node. */
export interface CqueryProtoNodes<T> {
  /** The node's configuration; null for a source file (no configuration). */
  configuration(n: T): Configuration | null;
  /** The value a configurable attribute took in the node's configuration. */
  attribute: ConfiguredValue<T>;
  /**
   * Each target names its configuration by id, and the result lists those configurations (current Bazel's
   * CqueryResult); Bazel 4.2.3 gave each target only `configuration { checksum }`.
   */
  readonly withConfigurations: boolean;
}

/**
 * cquery --output=proto|streamed_proto|textproto|jsonproto (Bazel's cquery ProtoOutputFormatterCallback): an
 * analysis.CqueryResult whose `results` hold each target's blaze_query.Target — its configurable attributes as
 * they resolved in that configuration — with `configuration { checksum }` ("null" for a source file) and the
 * 1-based id of the configuration in `configurations`, numbered in order of first use. streamed_proto writes one
 * length-delimited CqueryResult per target, then one per configuration. rulepen's checksum is the configuration's
 * short id (Bazel prints a 64-digit hash whose prefix that id is).
 */
export function makeCqueryProtoFormatter<N>(workspace: Workspace, format: string, nodes: CqueryProtoNodes<N>) {
  return <T>(ctx: OutputContext<T>): string | Uint8Array => {
    const ids = new Map<Configuration, number>();
    const results: ConfiguredTargetProto[] = ctx.nodes.map((n) => {
      const node = n as unknown as N;
      const config = nodes.configuration(node);
      const target = targetProto(ctx, n, workspace, (x, attr) => nodes.attribute(x as unknown as N, attr));
      const configuration = create(ConfigurationSchema, { checksum: config ? config.id : 'null' });
      if (!nodes.withConfigurations) return create(ConfiguredTargetSchema, { target, configuration });
      let id = 0;
      if (config) {
        id = ids.get(config) ?? ids.size + 1;
        ids.set(config, id);
      }
      return create(ConfiguredTargetSchema, { target, configuration, configurationId: id });
    });
    const configurations = [...ids].map(([c, id]) =>
      create(ConfigurationSchema, { id, mnemonic: c.outputDir, platformName: c.cpu, checksum: c.id, isTool: c.kind !== 'target' }),
    );
    const all = create(CqueryResultSchema, { results, configurations });
    switch (format) {
      case 'proto':
        return toBinary(CqueryResultSchema, all);
      case 'streamed_proto':
        return concat(
          [...results.map((r) => create(CqueryResultSchema, { results: [r] })), ...configurations.map((c) => create(CqueryResultSchema, { configurations: [c] }))].flatMap((m) => {
            const b = toBinary(CqueryResultSchema, m);
            return [new Uint8Array(varint(b.length)), b];
          }),
        );
      case 'textproto':
        return textFormat(CqueryResultSchema, all);
      default:
        return JSON.stringify(toJson(CqueryResultSchema, all), null, 2) + '\n';
    }
  };
}

// ---- protobuf text format (Java TextFormat's printer: fields in number order, two-space indentation) ----

function textFormat<T extends Message>(schema: DescMessage, m: T): string {
  const out: string[] = [];
  printMessage(reflect(schema, m), '', out);
  return out.join('');
}

function printMessage(m: ReflectMessage, indent: string, out: string[]): void {
  for (const f of m.sortedFields) {
    if (!m.isSet(f)) continue;
    if (f.fieldKind === 'list') {
      for (const v of m.get(f)) printValue(f, v, indent, out);
    } else printValue(f, m.get(f), indent, out);
  }
}

function printValue(f: DescField, v: unknown, indent: string, out: string[]): void {
  if (f.message) {
    out.push(`${indent}${f.name} {\n`);
    printMessage(v as ReflectMessage, indent + '  ', out);
    out.push(`${indent}}\n`);
    return;
  }
  let text: string;
  if (f.enum) text = f.enum.values.find((e) => e.number === v)?.name ?? String(v);
  else if (typeof v === 'string') text = `"${escapeText(v)}"`;
  else text = String(v);
  out.push(`${indent}${f.name}: ${text}\n`);
}

function escapeText(s: string): string {
  let out = '';
  for (const b of utf8Encode(s)) {
    switch (b) {
      case 0x07: out += '\\a'; break;
      case 0x08: out += '\\b'; break;
      case 0x0c: out += '\\f'; break;
      case 0x0a: out += '\\n'; break;
      case 0x0d: out += '\\r'; break;
      case 0x09: out += '\\t'; break;
      case 0x0b: out += '\\v'; break;
      case 0x5c: out += '\\\\'; break;
      case 0x27: out += "\\'"; break;
      case 0x22: out += '\\"'; break;
      default:
        out += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '\\' + b.toString(8).padStart(3, '0');
    }
  }
  return out;
}
