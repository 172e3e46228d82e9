// User-defined build settings (skylib's string_flag, bool_flag, int_flag, string_list_flag and *_setting):
// the values `--//pkg:flag=value` / `--no//pkg:flag` set, checked against the setting's type with Bazel's
// errors, and the build_setting_default of every setting not set on the command line.

import type { Profile } from '../base/index.ts';
import { attrValue, BUILD_SETTING_KINDS, labelToString, type BuildSettingKind, type RuleTarget } from '../loading/index.ts';
import type { CommandLine } from './bazelrc.ts';
import type { OptionSource } from './options.ts';
import { parseAbsolute } from './platforms.ts';
import type { TargetLookup } from './targets.ts';

export type BuildSettingValue = string | boolean | number | readonly string[];

export interface StarlarkFlagSetting {
  readonly value: BuildSettingValue;
  readonly source: OptionSource;
}

/** The kind of a build-setting rule target, or undefined when the target is not one. */
export function buildSettingKind(t: RuleTarget): BuildSettingKind | undefined {
  const bs = t.schema.buildSetting;
  if (bs) {
    const type = bs.type === 'int' || bs.type === 'bool' || bs.type === 'string' ? bs.type : 'string_list';
    return { type, flag: bs.flag };
  }
  return BUILD_SETTING_KINDS.get(t.ruleClass);
}

/** Converts a command-line (or flag_values) string to a setting's type; the error is Bazel's, after "While parsing option …: ". */
export function convertSettingValue(kind: BuildSettingKind, raw: string): { value: BuildSettingValue } | { error: string } {
  switch (kind.type) {
    case 'string':
      return { value: raw };
    case 'bool':
      if (['true', '1', 'yes', 'True'].includes(raw)) return { value: true };
      if (['false', '0', 'no', 'False'].includes(raw)) return { value: false };
      return { error: `'${raw}' is not a boolean` };
    case 'int':
      if (!/^-?\d+$/.test(raw)) return { error: `'${raw}' is not a int` };
      return { value: Number(raw) };
    case 'string_list':
      return { value: raw === '' ? [] : raw.split(',') };
  }
}

/** The default of a setting, as its build_setting_default says. */
export function settingDefault(t: RuleTarget): BuildSettingValue {
  const v = attrValue(t, 'build_setting_default');
  if (v === null || v === undefined) return '';
  return v as BuildSettingValue;
}

/** Formats a setting value the way a user reads it (the Why panel's "actual"). */
export function formatSettingValue(v: BuildSettingValue): string {
  if (Array.isArray(v)) return `[${v.join(', ')}]`;
  return String(v);
}

export class BuildSettings {
  private computed?: { values: ReadonlyMap<string, StarlarkFlagSetting> } | { error: string; skipped?: string };

  constructor(
    private readonly lookup: TargetLookup,
    private readonly commandLine: CommandLine,
    private readonly profile: Profile,
  ) {}

  /**
   * The settings the command line sets, by canonical label, checked; or the first error (exit 2). A flag
   * naming no target also has `skipped`, the line Bazel prints first ("Skipping '//x:f': no such target …",
   * then "WARNING: Target pattern parsing failed.").
   */
  commandLineValues(): { values: ReadonlyMap<string, StarlarkFlagSetting> } | { error: string; skipped?: string } {
    if (this.computed) return this.computed;
    const values = new Map<string, StarlarkFlagSetting>();
    for (const f of this.commandLine.starlarkFlags) {
      const parsed = parseAbsolute(f.label, this.profile);
      if ('error' in parsed) return (this.computed = { error: `Unrecognized option: ${f.written.replace(/=.*$/s, '')}` });
      const canonical = labelToString(parsed);
      const r = this.lookup.get(parsed);
      if ('error' in r) return (this.computed = { error: `${canonical} :: Error loading option ${canonical}: ${r.error}`, skipped: `Skipping '${canonical}': ${r.error}` });
      const t = r.target;
      if (t.kind === 'rule' && t.ruleClass === 'label_flag') {
        // A label_flag's value is a label (LabelBuildSettings.LabelBuildFlag), read from the main repository's root.
        const v = parseAbsolute(f.value, this.profile);
        if ('error' in v) return (this.computed = { error: `While parsing option ${canonical}=${f.value}: ${v.error}` });
        values.set(canonical, { value: labelToString(v), source: f.source });
        continue;
      }
      const kind = t.kind === 'rule' ? buildSettingKind(t) : undefined;
      if (!kind || t.kind !== 'rule') return (this.computed = { error: `${canonical} :: Unrecognized option: ${canonical}` });
      const negated = f.written.startsWith('--no');
      if (negated && kind.type !== 'bool') {
        return (this.computed = { error: `${canonical} :: Illegal use of 'no' prefix on non-boolean option: ${canonical}` });
      }
      if (!kind.flag) {
        return (this.computed = { error: `Unrecognized option: ${canonical}=${f.value}` });
      }
      const c = convertSettingValue(kind, f.value);
      if ('error' in c) return (this.computed = { error: `While parsing option ${canonical}=${f.value}: ${c.error}` });
      let value = c.value;
      // A string_flag's `values` are checked by its implementation, when the flag target is analysed (a build of
      // it, a config_setting on it): an analysis error then, not a command-line one (Bazel 4.2.3 with skylib).
      // A repeated list flag (repeatable = True) accumulates; otherwise the last instance wins.
      const prev = values.get(canonical);
      if (prev && kind.type === 'string_list' && (t.schema.buildSetting?.repeatable || attrValue(t, 'repeatable') === true)) value = [...(prev.value as string[]), ...(value as string[])];
      // A string flag with allow_multiple = True is a list of every value given (config.string(allow_multiple)).
      if (kind.type === 'string' && t.schema.buildSetting?.repeatable) value = [...((prev?.value as string[] | undefined) ?? []), value as string];
      values.set(canonical, { value, source: f.source });
    }
    return (this.computed = { values });
  }
}
