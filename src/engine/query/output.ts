// Query output formatters for the label-like formats: label, label_kind and package (the others come with
// issue 3). Each takes targets already in output order and returns stdout text.

import { labelToString, packageIdToString, targetKind, type Target } from '../build/index.ts';

export type OutputFormat = 'label' | 'label_kind' | 'package';

export const SUPPORTED_OUTPUTS: readonly OutputFormat[] = ['label', 'label_kind', 'package'];

export function formatTargets(targets: readonly Target[], format: OutputFormat): string {
  switch (format) {
    case 'label':
      return targets.map((t) => labelToString(t.label) + '\n').join('');
    case 'label_kind':
      return targets.map((t) => `${targetKind(t)} ${labelToString(t.label)}\n`).join('');
    case 'package': {
      const pkgs = [...new Set(targets.map((t) => packageIdToString(t.label.repo, t.label.pkg)))].sort();
      return pkgs.map((p) => p + '\n').join('');
    }
  }
}
