// Command-line option parsing for the commands rulepen knows: `--name=value`, `--name value`, `--[no]flag`,
// and the residue (targets or the query expression). Unknown options fail as Bazel does
// ("--foo :: Unrecognized option: --foo").

export interface OptionSpec {
  readonly name: string;
  readonly kind: 'bool' | 'string' | 'multi';
  /** One-letter abbreviation, e.g. `k` for keep_going, `c` for compilation_mode. */
  readonly abbrev?: string;
}

export interface ParsedOptions {
  readonly values: Map<string, string | boolean | string[]>;
  readonly residue: string[];
}

export class OptionsError extends Error {
  override readonly name = 'OptionsError';
}

export function parseOptions(argv: readonly string[], specs: readonly OptionSpec[]): ParsedOptions {
  const byName = new Map(specs.map((s) => [s.name, s]));
  const byAbbrev = new Map(specs.filter((s) => s.abbrev).map((s) => [s.abbrev!, s]));
  const values = new Map<string, string | boolean | string[]>();
  const residue: string[] = [];
  const set = (s: OptionSpec, v: string | boolean) => {
    if (s.kind === 'multi') {
      const list = (values.get(s.name) as string[] | undefined) ?? [];
      list.push(String(v));
      values.set(s.name, list);
    } else values.set(s.name, v);
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      residue.push(...argv.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      let name = eq < 0 ? a.slice(2) : a.slice(2, eq);
      let spec = byName.get(name);
      let negated = false;
      if (!spec && name.startsWith('no') && byName.get(name.slice(2))?.kind === 'bool') {
        spec = byName.get(name.slice(2));
        negated = true;
        name = name.slice(2);
      }
      if (!spec) throw new OptionsError(`${a.slice(0, eq < 0 ? a.length : eq)} :: Unrecognized option: ${a.slice(0, eq < 0 ? a.length : eq)}`);
      if (spec.kind === 'bool') {
        if (eq >= 0) {
          const v = a.slice(eq + 1);
          if (!/^(1|0|true|false|yes|no)$/.test(v)) throw new OptionsError(`While parsing option ${a}: '${v}' is not a boolean`);
          set(spec, !negated && /^(1|true|yes)$/.test(v));
        } else set(spec, !negated);
      } else if (eq >= 0) set(spec, a.slice(eq + 1));
      else if (i + 1 < argv.length) set(spec, argv[++i]!);
      else throw new OptionsError(`Expected value after ${a}`);
      continue;
    }
    if (a.startsWith('-') && a.length === 2 && byAbbrev.has(a[1]!)) {
      const spec = byAbbrev.get(a[1]!)!;
      if (spec.kind === 'bool') set(spec, true);
      else if (i + 1 < argv.length) set(spec, argv[++i]!);
      else throw new OptionsError(`Expected value after ${a}`);
      continue;
    }
    residue.push(a);
  }
  return { values, residue };
}
