// The select() explanations the engine puts in CommandResult.explanations.selects (config/CONTRACT.md), read
// defensively: the field crosses the worker boundary as plain data typed `unknown`.

import type { CommandResult } from '../../../worker/protocol.ts';

export type OptionSource =
  | { kind: 'command-line' }
  | { kind: 'bazelrc'; file: string; line: number; config?: string }
  | { kind: 'default' }
  | { kind: string; [k: string]: unknown };

export interface SettingCheck {
  kind: string;
  key: string;
  expected: string;
  actual: string;
  source: OptionSource;
  matches: boolean;
  note?: string;
}

export interface SettingMatch {
  setting: string;
  resolvedTo?: string;
  matches: boolean;
  checks: SettingCheck[];
  error?: string;
}

export interface SelectExplanation {
  attribute: string;
  conditions: SettingMatch[];
  chosen: string[];
  reason: string;
}

/** One configured instance of the target (the key names its configuration) and its resolved selects. */
export interface ConfiguredSelects {
  key: string;
  config: string | null;
  selects: SelectExplanation[];
}

function isExplanation(x: unknown): x is SelectExplanation {
  const e = x as SelectExplanation;
  return !!e && typeof e.attribute === 'string' && Array.isArray(e.conditions) && Array.isArray(e.chosen) && typeof e.reason === 'string';
}

/** The explanations for `label` in a result (one entry per configuration it was analysed in). */
export function selectsFor(result: CommandResult | null | undefined, label: string): ConfiguredSelects[] {
  const all = result?.explanations?.selects;
  if (!all) return [];
  const out: ConfiguredSelects[] = [];
  for (const [key, list] of Object.entries(all)) {
    if (key !== label && !key.startsWith(label + ' ')) continue;
    const m = / \(([^)]*)\)$/.exec(key);
    out.push({ key, config: m ? m[1] : null, selects: (list as unknown[]).filter(isExplanation) });
  }
  return out.sort((a, b) => (a.key < b.key ? -1 : 1));
}

export function sourceText(s: OptionSource): string {
  switch (s.kind) {
    case 'command-line':
      return 'command line';
    case 'default':
      return 'default';
    case 'bazelrc': {
      const r = s as { file: string; line: number; config?: string };
      return `${r.file}:${r.line}${r.config ? ` (--config=${r.config})` : ''}`;
    }
    default:
      return s.kind.replace(/-/g, ' ');
  }
}
