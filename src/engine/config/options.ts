// Bazel's command-line options: the table of every option (from Bazel 4.2.3's own help, plus the few that only
// newer Bazel has), and the parser that turns `bazel <command> [options] [residue]` plus the workspace's
// .bazelrc into an ordered list of option values that remember where each came from.
//
// Parsing follows Bazel's OptionsParser: `--name=value` and `--name value`; booleans as `--name`, `--noname`,
// `--name=true|false|yes|no|1|0` and a short form alone (`-k`); a short form with a value only as `-c opt`;
// `--` ends the options; every word not starting with `-` is residue (target patterns, the query expression).
// Options that may be repeated accumulate in order; for the others the last one wins. Starlark flags
// (`--//pkg:flag=v`, `--no//pkg:flag`, `--@repo//pkg:flag`) are kept aside for the build-settings layer.
// The error texts are Bazel's ("Unrecognized option: --foo", "Expected value after --cpu", …).

import { BAZEL_OPTION_ROWS } from './bazel-options-data.ts';

export type ValueKind = 'boolean' | 'string' | 'integer' | 'enum' | 'assignment' | 'comma-list' | 'label' | 'other';

export interface OptionDef {
  readonly name: string;
  readonly abbrev: string;
  readonly kind: ValueKind;
  /** For 'enum' (and enum lists): the allowed values. */
  readonly values?: readonly string[];
  /** Bazel's description of the value type, as its help prints it. */
  readonly typeText: string;
  /** The default as Bazel prints it (null: none, or computed). */
  readonly default: string | null;
  readonly multiple: boolean;
  readonly commands: ReadonlySet<string>;
  readonly doc: string;
  /** An expansion option (Bazel's `Void` options, e.g. query's --null): the options it stands for. */
  readonly expandsTo?: readonly (readonly [string, string | boolean])[];
}

/** Where an option value came from — shown by the Why panel next to each compared flag. */
export type OptionSource =
  | { readonly kind: 'command-line' }
  | { readonly kind: 'bazelrc'; readonly file: string; readonly line: number; readonly config?: string }
  | { readonly kind: 'default' };

export interface OptionValue {
  readonly name: string;
  /** The value after conversion: booleans as true/false, others as the written string. */
  readonly value: string | boolean;
  /** The option as written, e.g. `-c opt` or `--copt=a,b`. */
  readonly written: string;
  readonly source: OptionSource;
}

export interface StarlarkFlagValue {
  /** The flag's label as written after `--` (e.g. `//pkg:flag`). */
  readonly label: string;
  /** The raw value; `--//x:f` alone is 'true' and `--no//x:f` is 'false'. */
  readonly value: string;
  readonly written: string;
  readonly source: OptionSource;
}

export class OptionsError extends Error {
  override readonly name = 'OptionsError';
}

// Options newer than 4.2.3 that users of current Bazel pass; [name, kind text, default, multiple, commands, doc].
const MODERN_ONLY: readonly (readonly [string, string, string | null, boolean, string, string])[] = [
  ['consistent_labels', 'boolean', 'false', false, 'query cquery', 'If enabled, every query command emits labels as if by the Starlark str function applied to a Label instance.'],
  ['incompatible_enforce_config_setting_visibility', 'boolean', 'true', false, 'build test run query cquery', 'If true, enforce config_setting visibility restrictions.'],
  ['incompatible_disallow_empty_glob', 'boolean', 'true', false, 'build test run query cquery', 'If set to true, the default value of the `allow_empty` argument of glob() is False.'],
  ['incompatible_unambiguous_label_stringification', 'boolean', 'true', false, 'build test run query cquery', 'When true, Bazel will stringify the label @//foo:bar to @//foo:bar, instead of //foo:bar.'],
  ['incompatible_config_setting_private_default_visibility', 'boolean', 'false', false, 'build test run query cquery', 'If incompatible_enforce_config_setting_visibility=false, this is a noop.'],
  ['enable_bzlmod', 'boolean', 'true', false, 'build test run query cquery', 'If true, enables the Bzlmod dependency management system.'],
  ['enable_workspace', 'boolean', 'false', false, 'build test run query cquery', 'If true, enables the legacy WORKSPACE system for external dependencies.'],
  ['incompatible_lexicographical_output', 'boolean', 'true', false, 'query', 'If this option is set, sorts --order_output=auto output in lexicographical order.'],
  ['experimental_use_validation_aspect', 'boolean', 'false', false, 'build test run cquery', 'Whether to run validation actions using aspect (for parallelism with tests).'],
  ['experimental_enable_scl_dialect', 'boolean', 'true', false, 'build test run query cquery', 'If set to true, .scl files may be used in load() statements.'],
  ['experimental_genquery_use_graphless_query', 'boolean', 'auto', false, 'build test run cquery', 'If true, uses a Query implementation that does not make a copy of the graph.'],
  ['strict_java_deps', 'off, warn, error, strict or default', 'default', false, 'build test run cquery', 'If true, checks that a Java target explicitly declares all directly used targets as dependencies.'],
  ['skip_incompatible_explicit_targets', 'boolean', 'false', false, 'build test run cquery', 'Skip incompatible targets that are explicitly listed on the command line.'],
];

// Options Bazel 4.2.3 accepts but its help does not list (deprecated or undocumented); same row shape.
const UNDOCUMENTED: readonly (readonly [string, string, string | null, boolean, string, string])[] = [
  ['order_results', 'boolean', 'true', false, 'query', 'Deprecated: use --order_output (--noorder_results is --order_output=no).'],
  ['host_deps', 'boolean', 'true', false, 'query cquery', 'Deprecated alias of --tool_deps.'],
  ['experimental_check_output_files', 'boolean', 'true', false, 'build test run cquery', 'Check for modifications made to the output files of a build.'],
  ['enforce_transitive_configs_for_config_feature_flag', 'boolean', 'false', false, 'build test run cquery', 'Whether targets must name the config_feature_flags they read in transitive_configs.'],
];

// Expansion options (no value of their own; each stands for the options listed): [name, commands, doc, expansion].
const EXPANSIONS: readonly (readonly [string, string, string, readonly (readonly [string, string | boolean])[]])[] = [
  ['null', 'query', 'Whether each format is terminated with \\0 instead of newline.', [['line_terminator_null', true]]],
];

function kindOf(typeText: string): { kind: ValueKind; values?: string[] } {
  if (typeText === 'boolean') return { kind: 'boolean' };
  if (typeText === 'a string' || typeText === 'a path') return { kind: 'string' };
  if (typeText === 'an integer' || /^an integer in /.test(typeText)) return { kind: 'integer' };
  if (typeText.startsWith("a 'name=value' assignment")) return { kind: 'assignment' };
  if (typeText === 'comma-separated list of options') return { kind: 'comma-list' };
  if (typeText === 'a build target label' || typeText === 'a label') return { kind: 'label' };
  const listOf = /^comma-separated list of values: (.*)$/.exec(typeText);
  if (listOf) return { kind: 'comma-list', values: splitAlternatives(listOf[1]) };
  if (/^[\w-]+(, [\w-]+)* or [\w-]+$/.test(typeText)) return { kind: 'enum', values: splitAlternatives(typeText) };
  return { kind: 'other' };
}

function splitAlternatives(s: string): string[] {
  return s.split(/, | or /).map((x) => x.trim());
}

function buildTable(): Map<string, OptionDef> {
  const table = new Map<string, OptionDef>();
  for (const [name, abbrev, typeText, def, multiple, commands, doc] of BAZEL_OPTION_ROWS) {
    const cmds = new Set(commands.split(' '));
    // `bazel config` takes the build options (it must be given the flags of the build it describes).
    if (cmds.has('build')) cmds.add('config');
    // --query_file is one of the common query options: current cquery reads it too.
    if (name === 'query_file') cmds.add('cquery');
    table.set(name, { name, abbrev, typeText, default: def, multiple, commands: cmds, doc, ...kindOf(typeText) });
  }
  for (const [name, typeText, def, multiple, commands, doc] of [...MODERN_ONLY, ...UNDOCUMENTED]) {
    if (!table.has(name)) table.set(name, { name, abbrev: '', typeText, default: def, multiple, commands: new Set(commands.split(' ')), doc, ...kindOf(typeText) });
  }
  for (const [name, commands, doc, expandsTo] of EXPANSIONS) {
    // Written like a boolean (no value), though it has no `no` form.
    table.set(name, { name, abbrev: '', kind: 'boolean', typeText: 'an expansion option', default: null, multiple: false, commands: new Set(commands.split(' ')), doc, expandsTo });
  }
  return table;
}

export const OPTIONS: ReadonlyMap<string, OptionDef> = buildTable();

/** Options' old names, which Bazel still accepts for them (`@Option(oldName = …)`; checked with 4.2.3). */
const OLD_NAMES: ReadonlyMap<string, string> = new Map([
  ['experimental_platforms', 'platforms'],
  ['experimental_host_platform', 'host_platform'],
]);

/** The option a command line names (by its name or its old name), in the profile's definition. */
export function optionNamed(name: string, overrides?: ReadonlyMap<string, OptionDef>): OptionDef | undefined {
  const n = OLD_NAMES.get(name) ?? name;
  return overrides?.get(n) ?? OPTIONS.get(n);
}
export const BY_ABBREV: ReadonlyMap<string, OptionDef> = new Map([...OPTIONS.values()].filter((o) => o.abbrev).map((o) => [o.abbrev, o]));

/** Commands whose options include those of another (Bazel's command inheritance). */
export const COMMAND_PARENTS: Readonly<Record<string, readonly string[]>> = {
  build: [],
  test: ['build'],
  run: ['build'],
  cquery: ['test', 'build'],
  config: ['build'],
  query: [],
  version: [],
  help: [],
};

/** The option table rows a command accepts. */
export function optionsFor(command: string): OptionDef[] {
  return [...OPTIONS.values()].filter((o) => o.commands.has(command));
}

function parseBoolean(v: string, written: string): boolean {
  if (['true', '1', 'yes'].includes(v)) return true;
  if (['false', '0', 'no'].includes(v)) return false;
  throw new OptionsError(`While parsing option ${written}: '${v}' is not a boolean`);
}

function checkValue(def: OptionDef, value: string, written: string): void {
  const fail = (msg: string): never => {
    throw new OptionsError(`While parsing option ${written}: ${msg}`);
  };
  switch (def.kind) {
    case 'integer':
      if (!/^-?\d+$/.test(value)) fail(`'${value}' is not an int`);
      break;
    case 'assignment':
      if (!value.includes('=') && def.typeText === "a 'name=value' assignment") {
        fail("Variable definitions must be in the form of a 'name=value' assignment");
      }
      break;
    case 'enum':
      if (def.name === 'compilation_mode' && !def.values!.includes(value)) {
        fail(`Not a valid compilation mode: '${value}' (should be ${def.typeText})`);
      }
      if (def.name === 'order_output' && !def.values!.includes(value)) {
        fail(`Not a valid order output: '${value}' (should be one of ${def.values!.join(', ')})`);
      }
      if (!def.values!.includes(value)) fail(`Not a valid value: '${value}' (should be ${def.typeText})`);
      break;
    case 'comma-list':
      // Bazel's EnumFilterConverter: a size (timeout) both wanted and excluded leaves nothing to run.
      if (def.name === 'test_size_filters' || def.name === 'test_timeout_filters') {
        const parts = value.split(',').filter((x) => x !== '');
        if (parts.some((x) => !x.startsWith('-') && parts.includes(`-${x}`))) {
          fail(`Test ${def.name === 'test_size_filters' ? 'size' : 'timeout'} filter '${value}' definition cannot match any tests`);
        }
      }
      break;
  }
}

export interface ParseContext {
  readonly command: string;
  readonly source: OptionSource;
  /** Options whose definition differs in the profile's Bazel (current Bazel's --toolchain_resolution_debug). */
  readonly overrides?: ReadonlyMap<string, OptionDef>;
}

/** Current Bazel's --toolchain_resolution_debug: a RegexFilter (4.2.3's is a boolean). */
export const CURRENT_OPTION_OVERRIDES: ReadonlyMap<string, OptionDef> = new Map([
  [
    'toolchain_resolution_debug',
    {
      ...OPTIONS.get('toolchain_resolution_debug')!,
      kind: 'string',
      typeText: "a comma-separated list of regex expressions with prefix '-' specifying excluded paths",
      default: '-.*',
      doc: 'Print debug information during toolchain resolution. The flag takes a regex, which is checked against toolchain types and specific targets to see which to debug.',
    },
  ],
]);

export interface ParsedArgs {
  readonly options: OptionValue[];
  readonly starlarkFlags: StarlarkFlagValue[];
  readonly residue: string[];
  /** `--config=name` values met, in order, for the caller to expand. */
  readonly configs: { name: string; index: number }[];
}

/**
 * Parses one sequence of option words for `command` (the command line after the command name, or one .bazelrc
 * line's words). Throws OptionsError with Bazel's message.
 */
export function parseOptionWords(words: readonly string[], ctx: ParseContext): ParsedArgs {
  const out: ParsedArgs = { options: [], starlarkFlags: [], residue: [], configs: [] };
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === '--') {
      out.residue.push(...words.slice(i + 1));
      break;
    }
    if (!w.startsWith('-') || w === '-') {
      out.residue.push(w);
      continue;
    }
    if (/^--(no)?(\/\/|@)/.test(w)) {
      const m = /^--(no)?([^=]+)(?:=(.*))?$/s.exec(w)!;
      const [, no, label, value] = m;
      if (no && value !== undefined) throw new OptionsError(`${w} :: Illegal use of 'no' prefix on non-boolean option: ${w}`);
      out.starlarkFlags.push({ label, value: no ? 'false' : (value ?? 'true'), written: w, source: ctx.source });
      continue;
    }
    let def: OptionDef | undefined;
    let value: string | undefined;
    let negated = false;
    let written = w;
    if (w.startsWith('--')) {
      const eq = w.indexOf('=');
      const name = eq < 0 ? w.slice(2) : w.slice(2, eq);
      value = eq < 0 ? undefined : w.slice(eq + 1);
      const lookup = (n: string) => optionNamed(n, ctx.overrides);
      def = lookup(name);
      if (!def && name.startsWith('no') && lookup(name.slice(2))) {
        const base = lookup(name.slice(2))!;
        if (base.kind !== 'boolean' || base.expandsTo) throw new OptionsError(`${w} :: Illegal use of 'no' prefix on non-boolean option: ${w}`);
        if (value !== undefined) throw new OptionsError(`${w} :: Unexpected value after boolean option: ${w}`);
        def = base;
        negated = true;
      }
    } else {
      if (w.length !== 2) throw new OptionsError(`${w} :: Invalid options syntax: ${w}`);
      def = BY_ABBREV.get(w.slice(1));
    }
    if (!def || !def.commands.has(ctx.command)) throw new OptionsError(`${w} :: Unrecognized option: ${w}`);
    if (def.expandsTo) {
      // Bazel's expansion options take no value; each stands for the options it expands to.
      for (const [name, v] of def.expandsTo) out.options.push({ name, value: v, written, source: ctx.source });
      continue;
    }
    let converted: string | boolean;
    if (def.kind === 'boolean') {
      converted = negated ? false : value === undefined ? true : parseBoolean(value, w);
    } else {
      if (value === undefined) {
        if (i + 1 >= words.length) throw new OptionsError(`Expected value after ${w}`);
        value = words[++i];
        written = `${w} ${value}`;
      }
      checkValue(def, value, written);
      converted = value;
    }
    if (def.name === 'config') out.configs.push({ name: String(converted), index: out.options.length });
    out.options.push({ name: def.name, value: converted, written, source: ctx.source });
  }
  return out;
}

/**
 * The effective value of a single-valued option: the last one given, else the default. For an option that may
 * be repeated, every value in order (comma-lists split on commas).
 */
export function lastValue(options: readonly OptionValue[], name: string): OptionValue | undefined {
  for (let i = options.length - 1; i >= 0; i--) if (options[i].name === name) return options[i];
  return undefined;
}

export function allValues(options: readonly OptionValue[], name: string): OptionValue[] {
  const def = OPTIONS.get(name);
  const out: OptionValue[] = [];
  for (const o of options) {
    if (o.name !== name) continue;
    if (def?.kind === 'comma-list' && typeof o.value === 'string') {
      for (const part of o.value.split(',')) if (part !== '') out.push({ ...o, value: part });
    } else out.push(o);
  }
  return out;
}

export function optionDefault(name: string): string | null {
  return OPTIONS.get(name)?.default ?? null;
}
