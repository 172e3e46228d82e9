// cquery --output=starlark: each configured target of the result formatted by a Starlark function, as Bazel's
// StarlarkOutputFormatterCallback does.
//
// The function is `format(target)` of the file --starlark:file names, or, for --starlark:expr (default
// `str(target.label)`), a synthetic file `def format(target): return (<expr>)` named `--starlark:expr` (so a
// traceback says `File "--starlark:expr", line 1, column N`), after the expression alone has parsed — which is
// what stops `def foo(): return 5` or unbalanced parentheses from escaping into the file. The file runs once, with
// `providers(target)` and `build_options(target)` predeclared and, in current Bazel, `depset`, `json`, `proto` and
// `struct` (profile row cqueryStarlark). What can go wrong before any target is formatted is one message, which
// Bazel raises as a QueryException when it builds its formatters — for every output format, not only starlark —
// and prints as `ERROR: Error doing post analysis query: <message>`:
//
//   You must not specify both --starlark:expr and --starlark:file
//   invalid --starlark:file: failed to read <path>
//   invalid --starlark:expr: <first syntax or resolution error>[ (+ N more)]
//   invalid --starlark:file: file does not define 'format'
//   invalid --starlark:file: got int for 'format', want function
//   invalid --starlark:file: 'format' function must take exactly 1 argument
//
// Then each target is formatted in a fresh thread of at most 500,000 steps; an error there is reported as
// `ERROR: Starlark evaluation error for <label>: <traceback>`, the target is left out, and the command still
// succeeds.

import { SourceFile, type Diagnostic, type Profile } from '../base/index.ts';
import { depsetBuiltin, labelToString, LabelSyntaxError, LabelValue, parseLabelInPackage, type Workspace } from '../loading/index.ts';
import { CONFIGURATION_OPTIONS, OPTIONS, type Configuration } from '../config/index.ts';
import { providersForQuery, starlarkView, TargetValue, type AnalyzedTarget } from '../actions/index.ts';
import {
  Builtin,
  Dict,
  EvalError,
  List,
  errorToDiagnostic,
  execFile,
  formatTraceback,
  makeProtoModule,
  None,
  parseExpression,
  StarlarkFunction,
  str,
  Thread,
  typeName,
  unpackArgs,
  type Value,
} from '../starlark/index.ts';

/** Bazel's step limit for one target's formatting (thread.setMaxExecutionSteps). */
const MAX_STEPS = 500_000;

export interface StarlarkFormatterOptions {
  /** --starlark:expr ('' when not given). */
  readonly expr: string;
  /** --starlark:file ('' when not given), as the user wrote it. */
  readonly file: string;
  readonly workspace: Workspace;
  /** The absolute workspace path, stripped from an absolute --starlark:file. */
  readonly workspaceDir: string;
  readonly profile: Profile;
}

/** Why no formatter could be made: the message, and the syntax errors Bazel prints (located) before it. */
export interface StarlarkFormatterError {
  readonly error: string;
  readonly syntaxErrors: readonly Diagnostic[];
}

export interface FormattedTargets {
  /** The formatted text of each target that formatted, one line each. */
  readonly lines: readonly string[];
  /** `Starlark evaluation error for <label>: <traceback>`, one per target that failed. */
  readonly errors: readonly string[];
}

export class StarlarkFormatter {
  private constructor(
    private readonly format: StarlarkFunction,
    private readonly profile: Profile,
  ) {}

  /** Makes the formatter, or says why Bazel would refuse to. */
  static make(opts: StarlarkFormatterOptions): StarlarkFormatter | StarlarkFormatterError {
    const fail = (error: string, syntaxErrors: readonly Diagnostic[] = []): StarlarkFormatterError => ({ error, syntaxErrors });
    let source: SourceFile;
    let prefix: string;
    if (opts.file !== '') {
      if (opts.expr !== '') return fail('You must not specify both --starlark:expr and --starlark:file');
      prefix = 'invalid --starlark:file: ';
      const dir = opts.workspaceDir.endsWith('/') ? opts.workspaceDir : opts.workspaceDir + '/';
      const path = opts.file.startsWith(dir) ? opts.file.slice(dir.length) : opts.file.replace(/^\.\//, '');
      const text = opts.workspace.read(path);
      if (text === undefined) return fail(`${prefix}failed to read ${opts.file}`);
      source = new SourceFile(opts.file, text);
    } else {
      prefix = 'invalid --starlark:expr: ';
      const expr = opts.expr === '' ? 'str(target.label)' : opts.expr;
      const parsed = parseExpression(new SourceFile('--starlark:expr', expr), { semantics: opts.profile.starlark });
      if (parsed.diagnostics.length > 0) return fail(prefix + firstOf(parsed.diagnostics));
      source = new SourceFile('--starlark:expr', `def format(target): return (${expr})`);
    }

    const { module, diagnostics } = execFile(source, {
      dialect: 'bzl',
      semantics: opts.profile.starlark,
      predeclared: predeclared(opts.profile),
      withoutUniversal: opts.profile.cqueryStarlark.utilToplevels ? [] : ['struct', 'json'],
      maxSteps: MAX_STEPS,
    });
    if (diagnostics.length > 0) {
      // Bazel parses, replays the syntax errors as events, and fails with the first of them (or of the
      // resolver's, when the file parsed); an error while running the file comes with its traceback.
      const syntax = diagnostics.filter((d) => d.kind === 'syntax');
      const first = diagnostics[0]!;
      if (first.kind === 'eval') return fail(prefix + formatTraceback(first));
      return fail(prefix + firstOf(syntax.length > 0 ? syntax : diagnostics), syntax);
    }
    const format = module.get('format');
    if (format === undefined) return fail(`${prefix}file does not define 'format'`);
    if (!(format instanceof StarlarkFunction)) return fail(`${prefix}got ${typeName(format)} for 'format', want function`);
    if (format.paramNames.length !== 1) return fail(`${prefix}'format' function must take exactly 1 argument`);
    return new StarlarkFormatter(format, opts.profile);
  }

  /** Formats each target in order (an alias is named by its own label in errors: getOriginalLabel). */
  formatAll(targets: readonly AnalyzedTarget[]): FormattedTargets {
    const lines: string[] = [];
    const errors: string[] = [];
    const view = starlarkView(this.profile);
    for (const t of targets) {
      const thread = new Thread({ semantics: this.profile.starlark, maxSteps: MAX_STEPS });
      try {
        lines.push(str(thread.call(this.format, [new TargetValue(t, view)], [])));
      } catch (e) {
        const d = errorToDiagnostic(e);
        if (d.kind === 'internal') throw e;
        errors.push(`Starlark evaluation error for ${labelToString(t.label)}: ${formatTraceback(d)}`);
      }
    }
    return { lines, errors };
  }
}

/** SyntaxError.Exception's message: the first error, and how many more there were. */
function firstOf(diagnostics: readonly Diagnostic[]): string {
  const more = diagnostics.length - 1;
  return diagnostics[0]!.message + (more > 0 ? ` (+ ${more} more)` : '');
}

/** The formatter's globals besides the universe (CqueryDialectGlobals, and getUtilToplevelsForCquery's). */
function predeclared(profile: Profile): Map<string, Value> {
  const targetOf = (fn: string, args: Value[], kwargs: [string, Value][]): TargetValue => {
    const [target] = unpackArgs(fn, args, kwargs, { params: [{ name: 'target', named: true }] });
    if (!(target instanceof TargetValue)) throw new EvalError(`in call to ${fn}(), parameter 'target' got value of type '${typeName(target!)}', want 'Target'`);
    return target;
  };
  const m = new Map<string, Value>([
    [
      'providers',
      new Builtin('providers', (_t, args, kwargs) => {
        const target = targetOf('providers', args, kwargs);
        if (target.target.actual && !profile.cqueryStarlark.aliasProviders) return None;
        return providersForQuery(target.target, { ...starlarkView(profile), withDefaultInfo: profile.cqueryStarlark.defaultInfoInProviders });
      }),
    ],
  ]);
  m.set(
    'build_options',
    new Builtin('build_options', (_t, args, kwargs) => {
      const config = targetOf('build_options', args, kwargs).target.config;
      return config ? buildOptions(config, profile) : None;
    }),
  );
  if (profile.cqueryStarlark.utilToplevels) {
    m.set('depset', depsetBuiltin());
    m.set('proto', makeProtoModule());
  }
  return m;
}

/**
 * `build_options(target)`: the configuration's options as `//command_line_option:<name>` → value, then the
 * user-defined build settings given a value, by label. Bazel lists every native option whose value is a Starlark
 * value (an enum such as compilation_mode is left out); rulepen has the options its configurations read.
 */
function buildOptions(config: Configuration, profile: Profile): Dict {
  const entries: [Value, Value][] = [];
  for (const name of CONFIGURATION_OPTIONS) {
    const def = OPTIONS.get(name);
    if (!def || def.kind === 'enum') continue;
    const values = config.values(name);
    let v: Value;
    if (name === 'platforms') v = new List(platformLabels(config.platform, profile));
    else if (def.multiple) v = new List(values.map((x) => String(x.value)));
    else if (def.kind === 'boolean') v = values[values.length - 1]?.value === true;
    else v = String(values[values.length - 1]?.value ?? '');
    entries.push([`//command_line_option:${name}`, v]);
  }
  for (const [label, value] of config.starlarkFlags()) {
    entries.push([label, Array.isArray(value) ? new List(value.map(String)) : (value as Value)]);
  }
  return new Dict(entries);
}

function platformLabels(platform: string, profile: Profile): Value[] {
  try {
    return [new LabelValue(parseLabelInPackage(platform, { repo: '', pkg: '' }, profile.labels), profile.canonicalLabelStrings)];
  } catch (e) {
    if (e instanceof LabelSyntaxError) return [];
    throw e;
  }
}
