// Configurations: the option values a target is built with. The target configuration comes from the command
// line (and .bazelrc); the exec configuration — for tools — reads the host_* options instead (Bazel 4.2.3
// builds genrule tools in the *host* configuration, current Bazel in the *exec* one; profile row
// genruleToolsInHost). Each configuration has a short id as cquery prints it and an output directory name
// (`k8-fastbuild`, `host`, `k8-opt-exec-2B5CBBC6`), and knows its target platform's constraint values.
//
// What a configuration does NOT do, as in Bazel 4.2.3: `--cpu` does not pick a platform and `--platforms` does
// not change `--cpu` (corpus scenario-009). In the host configuration `--define` is kept but `--copt` is
// replaced by `--host_copt` (corpus scenario-006), and compilation_mode is `--host_compilation_mode` (opt).

import type { Profile } from '../base/index.ts';
import type { Loader } from '../loading/index.ts';
import type { CommandLine } from './bazelrc.ts';
import { BuildSettings, type BuildSettingValue, type StarlarkFlagSetting } from './build-settings.ts';
import { allValues, lastValue, OPTIONS, type OptionSource, type OptionValue } from './options.ts';
import { resolvePlatform, type PlatformInfo } from './platforms.ts';
import { TargetLookup } from './targets.ts';

export interface Configuration {
  readonly kind: 'target' | 'exec' | 'host';
  /** Bazel's short id as cquery prints it, e.g. `f5527a6`: 7 hex digits, deterministic from the options. */
  readonly id: string;
  /** The options' checksum, 7 hex digits: the id, except for the host configuration (whose id is `HOST`). */
  readonly checksum: string;
  /** Output directory name under bazel-out/: 'k8-fastbuild', 'k8-opt-exec-2B5CBBC6' (modern exec), 'host' (4.2.3). */
  readonly outputDir: string;
  readonly cpu: string;
  readonly compilationMode: string;
  /** Effective values of a native option, in order, with sources (list options split per their converter). */
  values(option: string): readonly OptionValue[];
  /** For exec/host configurations: the option whose value a target option takes (`cpu` → `host_cpu`). */
  readonly hostOptionOf: (option: string) => string | undefined;
  /** --define as Bazel keeps it: name → last value (the OptionValue's value is the whole `name=value`). */
  readonly defines: ReadonlyMap<string, OptionValue>;
  /** User-defined build settings by canonical label: value and source (default when not set). */
  starlarkFlag(label: string): { value: unknown; source: OptionSource } | undefined;
  /** The user-defined build settings given a value (BuildOptions' Starlark options), by label, in label order. */
  starlarkFlags(): readonly (readonly [string, BuildSettingValue])[];
  /** The target platform's label and its constraint values: setting label → value label. */
  readonly platform: string;
  readonly constraints: ReadonlyMap<string, string>;
  /** Make variables every rule sees: TARGET_CPU, COMPILATION_MODE, BINDIR, GENDIR, and each --define KEY=VALUE. */
  readonly makeVariables: ReadonlyMap<string, string>;
  /**
   * The configuration a Starlark transition makes of this one: native options replaced (a list option by the
   * whole list), user-defined settings set (`undefined` value: back to the default). Equal results are one object.
   */
  withOverrides(native: ReadonlyMap<string, string | boolean | readonly string[]>, flags: ReadonlyMap<string, BuildSettingValue | undefined>): Configuration;
}

/**
 * Why there is no target configuration: Bazel's message (printed as `ERROR: <error>`), the exit code (2 for a
 * bad user-defined flag, 1 for a bad --platforms) and lines Bazel prints before it (`ERROR: Skipping '//x:f':
 * …`, `WARNING: Target pattern parsing failed.` when a --//x:f names no target).
 */
export interface ConfigurationError {
  readonly error: string;
  readonly exitCode: number;
  readonly before: readonly { readonly severity: 'error' | 'warning'; readonly text: string }[];
  /**
   * A bad --platforms: Bazel fails each target's analysis with it, printing `ERROR: While resolving toolchains
   * for target //pkg:t: <error>` and then `ERROR: Analysis of target '//pkg:t' failed; build aborted: <error>`.
   */
  readonly toolchains?: boolean;
}

export interface ConfigContext {
  readonly loader: Loader;
  readonly commandLine: CommandLine;
  readonly profile: Profile;
  readonly workspaceDir: string;
  /** Bazel's output base, where external repositories live (absolute paths of their files in outputs). */
  readonly outputBase?: string;
}

/** The native options rulepen's configurations read (what `config` shows and cquery's build_options lists), by name. */
export const CONFIGURATION_OPTIONS: readonly string[] = ['compilation_mode', 'conlyopt', 'copt', 'cpu', 'cxxopt', 'define', 'features', 'host_cpu', 'linkopt', 'platforms'];

/** Target options that a host/exec configuration takes from another option. */
const HOST_OPTIONS: Readonly<Record<string, string>> = {
  cpu: 'host_cpu',
  compilation_mode: 'host_compilation_mode',
  copt: 'host_copt',
  conlyopt: 'host_conlyopt',
  cxxopt: 'host_cxxopt',
  linkopt: 'host_linkopt',
  platforms: 'host_platform',
  action_env: 'host_action_env',
  javacopt: 'host_javacopt',
  crosstool_top: 'host_crosstool_top',
  grte_top: 'host_grte_top',
  compiler: 'host_compiler',
  java_toolchain: 'host_java_toolchain',
  javabase: 'host_javabase',
  force_python: 'host_force_python',
  swiftcopt: 'host_swiftcopt',
};

/** The machine rulepen pretends to run on (the corpus was recorded on Linux x86_64). */
export const HOST_CPU = 'k8';

const DEFAULT_SOURCE: OptionSource = { kind: 'default' };

/** Per-context caches: the target lookup, build settings and the configurations made so far. */
interface ContextState {
  readonly lookup: TargetLookup;
  readonly settings: BuildSettings;
  target?: Configuration | ConfigurationError;
  exec?: Configuration;
  host?: Configuration;
}

const STATES = new WeakMap<ConfigContext, ContextState>();

function contextState(ctx: ConfigContext): ContextState {
  let s = STATES.get(ctx);
  if (!s) {
    const lookup = new TargetLookup(ctx.loader);
    s = { lookup, settings: new BuildSettings(lookup, ctx.commandLine, ctx.profile) };
    STATES.set(ctx, s);
  }
  return s;
}

/** The target lookup a context uses (shared with the configured graph). */
export function lookupOf(ctx: ConfigContext): TargetLookup {
  return contextState(ctx).lookup;
}

/** A small deterministic hash (FNV-1a, 32 bits) as hex. */
export function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** Options that build no configuration: output and execution settings, and those query shares (--keep_going). */
const NOT_CONFIGURATION = new Set(['config', 'build', 'show_result', 'verbose_failures', 'test_output', 'test_summary', 'jobs', 'subcommands', 'sandbox_debug', 'color', 'curses', 'experimental_check_output_files']);

/** Does an option take part in a configuration's checksum (Bazel's BuildOptions hold only fragment options)? */
function configurationOption(name: string): boolean {
  const cmds = OPTIONS.get(name)?.commands;
  return cmds !== undefined && cmds.has('build') && !cmds.has('query') && !NOT_CONFIGURATION.has(name);
}

class ConfigurationImpl implements Configuration {
  readonly id: string;
  readonly checksum: string;
  readonly outputDir: string;
  readonly cpu: string;
  readonly compilationMode: string;
  readonly defines: ReadonlyMap<string, OptionValue>;
  readonly makeVariables: ReadonlyMap<string, string>;

  constructor(
    readonly kind: Configuration['kind'],
    private readonly options: readonly OptionValue[],
    private readonly flags: ReadonlyMap<string, StarlarkFlagSetting>,
    readonly platform: string,
    readonly constraints: ReadonlyMap<string, string>,
    private readonly profile: Profile,
    /** Made by a Starlark transition: the output directory gets Bazel's `-ST-<hash>` suffix. */
    private readonly transitioned = false,
  ) {
    this.cpu = String(this.single('cpu').value) || HOST_CPU;
    this.compilationMode = String(this.single('compilation_mode').value);
    const defines = new Map<string, OptionValue>();
    for (const d of this.values('define')) {
      const s = String(d.value);
      const eq = s.indexOf('=');
      defines.set(eq < 0 ? s : s.slice(0, eq), d);
    }
    this.defines = defines;
    const fingerprint = JSON.stringify([
      kind,
      this.options.filter((o) => configurationOption(o.name)).map((o) => [o.name, o.value]),
      [...flags].map(([k, v]) => [k, v.source.kind === 'default' ? null : v.value]),
      platform,
    ]);
    // cquery prints the host configuration as "(HOST)".
    this.checksum = fnv1a(fingerprint).slice(0, 7);
    this.id = kind === 'host' ? 'HOST' : this.checksum;
    if (kind === 'host') this.outputDir = 'host';
    else if (kind === 'exec') this.outputDir = `${this.cpu}-${this.compilationMode}-exec-2B5CBBC6`;
    else this.outputDir = `${this.cpu}-${this.compilationMode}${transitioned ? `-ST-${fnv1a(fingerprint).slice(0, 12)}` : ''}`;
    const bin = `bazel-out/${this.outputDir}/bin`;
    this.makeVariables = new Map([
      ['TARGET_CPU', this.cpu],
      ['COMPILATION_MODE', this.compilationMode],
      ['BINDIR', bin],
      ['GENDIR', bin],
    ]);
    // Every --define KEY=VALUE is a make variable too, and wins over the built-in ones (Bazel's
    // BuildConfigurationValue puts the command-line definitions after the global make environment).
    const makeVariables = this.makeVariables as Map<string, string>;
    for (const [k, d] of defines) {
      const s = String(d.value);
      if (s.includes('=')) makeVariables.set(k, s.slice(s.indexOf('=') + 1));
    }
  }

  readonly hostOptionOf = (option: string): string | undefined => (this.kind === 'target' ? undefined : HOST_OPTIONS[option]);

  private single(name: string): OptionValue {
    return this.values(name)[0] ?? { name, value: '', written: '', source: DEFAULT_SOURCE };
  }

  values(option: string): readonly OptionValue[] {
    const from = this.hostOptionOf(option) ?? option;
    const def = OPTIONS.get(from);
    if (!def) return [];
    if (def.multiple) return allValues(this.options, from).map((v) => (from === option ? v : { ...v, name: option }));
    const v = lastValue(this.options, from);
    if (v) return [from === option ? v : { ...v, name: option }];
    let value: string | boolean = def.default ?? '';
    if (def.kind === 'boolean') value = def.default === 'true';
    if ((from === 'cpu' || from === 'host_cpu') && value === '') value = HOST_CPU;
    return [{ name: option, value, written: '', source: DEFAULT_SOURCE }];
  }

  private readonly derived = new Map<string, Configuration>();

  withOverrides(native: ReadonlyMap<string, string | boolean | readonly string[]>, flags: ReadonlyMap<string, BuildSettingValue | undefined>): Configuration {
    const source: OptionSource = { kind: 'command-line' };
    const options = [
      ...this.options.filter((o) => !native.has(o.name)),
      ...[...native].flatMap(([name, v]) => (Array.isArray(v) ? v : [v]).map((value) => ({ name, value: value as string | boolean, written: `--${name}=${String(value)}`, source }))),
    ];
    const fl = new Map(this.flags);
    for (const [k, v] of flags) {
      if (v === undefined) fl.delete(k);
      else fl.set(k, { value: v, source });
    }
    const c = new ConfigurationImpl(this.kind, options, fl, this.platform, this.constraints, this.profile, true);
    if (c.checksum === this.checksum) return this;
    const known = this.derived.get(c.checksum);
    if (known) return known;
    this.derived.set(c.checksum, c);
    return c;
  }

  starlarkFlag(label: string): { value: unknown; source: OptionSource } | undefined {
    const f = this.flags.get(label);
    return f ? { value: f.value, source: f.source } : undefined;
  }

  starlarkFlags(): readonly (readonly [string, BuildSettingValue])[] {
    return [...this.flags]
      .filter(([, f]) => f.source.kind !== 'default')
      .map(([k, f]) => [k, f.value] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }
}

/**
 * What Bazel's configuration fragments warn about when the target configuration is made (their
 * reportInvalidOptions): the C++ fragment's stripping warning, when binaries are stripped (`--strip=always`, or
 * `sometimes` in fastbuild) and `-g` is one of the --copt values or of a --per_file_copt's options.
 */
export function configurationWarnings(options: readonly OptionValue[]): string[] {
  const strip = String(lastValue(options, 'strip')?.value ?? 'sometimes');
  const mode = String(lastValue(options, 'compilation_mode')?.value ?? 'fastbuild');
  if (!(strip === 'always' || (strip === 'sometimes' && mode === 'fastbuild'))) return [];
  const copts = options.filter((o) => o.name === 'copt').map((o) => String(o.value));
  const perFile = options.filter((o) => o.name === 'per_file_copt').flatMap((o) => String(o.value).split('@').slice(1).join('@').split(','));
  if (!copts.includes('-g') && !perFile.includes('-g')) return [];
  return [
    "Stripping enabled, but '--copt=-g' (or --per_file_copt=...@-g) specified. Debug information will be generated and then stripped away. This is probably not what you want! Use '-c dbg' for debug mode, or use '--strip=never' to disable stripping",
  ];
}

/**
 * The target configuration of a command line: options, user-defined flags (checked against their build
 * settings, with Bazel's errors) and the target platform (from --platforms, else the host platform).
 */
export function targetConfiguration(ctx: ConfigContext): Configuration | ConfigurationError {
  const state = contextState(ctx);
  if (state.target) return state.target;
  const flags = state.settings.commandLineValues();
  if ('error' in flags) {
    const before: ConfigurationError['before'] = flags.skipped ? [{ severity: 'error', text: flags.skipped }, { severity: 'warning', text: 'Target pattern parsing failed.' }] : [];
    return (state.target = { error: flags.error, exitCode: 2, before });
  }
  const options = ctx.commandLine.options;
  const platformOption = lastValue(options, 'platforms');
  const platformLabel = platformOption && String(platformOption.value) !== '' ? String(platformOption.value).split(',')[0]! : defaultPlatform(ctx.profile);
  const platform = resolvePlatform(platformLabel, state.lookup, ctx.profile);
  if ('error' in platform) return (state.target = { error: platform.error, exitCode: 1, before: [], toolchains: true });
  state.target = new ConfigurationImpl('target', options, flags.values, platform.label, platform.constraints, ctx.profile);
  return state.target;
}

/**
 * The configuration tools are built in: 'host' under the 4.2.3 profile (row genruleToolsInHost), else 'exec'.
 * `kind` asks for one explicitly: 4.2.3's genrule `exec_tools` are built in the exec configuration.
 * `target` is not read: the exec configuration does not depend on the target one (4.2.3's host does not either).
 */
export function execConfiguration(target: Configuration, ctx: ConfigContext, kind?: 'exec' | 'host'): Configuration {
  const state = contextState(ctx);
  const k = kind ?? (ctx.profile.genruleToolsInHost ? 'host' : 'exec');
  const cached = k === 'host' ? state.host : state.exec;
  if (cached) return cached;
  const options = ctx.commandLine.options;
  const label = hostPlatformOf(ctx.commandLine, ctx.profile);
  const p: PlatformInfo | { error: string } = resolvePlatform(label, state.lookup, ctx.profile);
  const platform = 'error' in p ? { label, constraints: new Map<string, string>() } : p;
  const flags = contextState(ctx).settings.commandLineValues();
  const values = 'error' in flags ? new Map<string, StarlarkFlagSetting>() : flags.values;
  const c = new ConfigurationImpl(k, options, values, platform.label, platform.constraints, ctx.profile);
  if (k === 'host') state.host = c;
  else state.exec = c;
  return c;
}

/** The platform used when --platforms / --host_platform are not given. */
export function defaultPlatform(profile: Profile): string {
  return profile.defaultHostPlatform;
}

/** The host platform label a command line gives (--host_platform, else the profile's default). */
export function hostPlatformOf(commandLine: CommandLine, profile: Profile): string {
  const v = lastValue(commandLine.options, 'host_platform');
  return v && String(v.value) !== '' ? String(v.value) : defaultPlatform(profile);
}
