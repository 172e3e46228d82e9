// Rule kinds and their colours: one small palette shared by graph nodes and the kind badges in every list.

import './kinds.css';

/** The colour family of a kind as Bazel prints it (`genrule rule`, `source file`, `bool_flag rule`, …). */
export function kindFamily(kind: string): string {
  const k = kind.replace(/ rule$/, '');
  if (k === 'source file') return 'source';
  if (k === 'generated file') return 'generated';
  if (k === 'package group') return 'package-group';
  if (/^(bool|int|string|string_list)_(flag|setting)$/.test(k)) return 'flag';
  if (k === 'sh_test' || k === 'test_suite') return 'test';
  if (k === 'sh_binary' || k === 'sh_library') return 'sh';
  if (k === 'platform' || k === 'constraint_setting' || k === 'constraint_value') return 'platform';
  if (['genrule', 'filegroup', 'alias', 'config_setting', 'genquery', 'starlark_doc_extract'].includes(k)) return k.replace(/_/g, '-');
  return 'other';
}

/** The CSS class that sets `--kind` to the kind's colour. */
export function kindClass(kind: string): string {
  return `kind-${kindFamily(kind)}`;
}

export function KindBadge({ kind }: { kind: string }) {
  return <span className={`kind-badge kinded ${kindClass(kind)}`}>{kind}</span>;
}
