// Visibility, once for every layer: analysis checks each dependency edge with it, config_setting keys of a
// select() are checked with it (current Bazel), and query's visible() filters with it.
//
// A target is visible from a package when they are the same package, or when its visibility names the other:
// `//visibility:public`, `//pkg:__pkg__`, `//pkg:__subpackages__`, or a package_group whose `packages`
// (`//foo`, `//foo/...`, `public`, `private`, negated with `-`) or `includes` contain it. What a target's
// visibility is:
//   - a rule: its `visibility` attribute, else the package's default_visibility, else private — except a
//     config_setting without one, which is public unless --incompatible_config_setting_private_default_visibility;
//   - a source file: what exports_files() gave it, else the package's default_visibility, else private (checked
//     with Bazel 4.2.3: a file that only a rule of its package mentions is private to that package); private
//     whatever the default under --incompatible_no_implicit_file_export;
//   - a generated file: its generating rule's;
//   - a package group: public.

import { labelToString, type Label } from './label.ts';
import type { Target } from './packages.ts';

export const PUBLIC: Label = { repo: '', pkg: 'visibility', name: 'public' };
export const PRIVATE: Label = { repo: '', pkg: 'visibility', name: 'private' };

/** What visibility needs to know of the workspace. */
export interface VisibilityLookup {
  /** A target by label (package groups, generating rules); undefined when there is none. */
  target(label: Label): Target | undefined;
  /** The default_visibility of the package a label is in; undefined (or empty) when it sets none. */
  defaultVisibility(label: Label): readonly Label[] | undefined;
}

export interface VisibilityOptions {
  /** --incompatible_config_setting_private_default_visibility: a config_setting without visibility takes the package default. */
  readonly privateConfigSettingDefault?: boolean;
  /** --incompatible_no_implicit_file_export: a source file exports_files() does not name is private to its package. */
  readonly noImplicitFileExport?: boolean;
}

function packageDefault(label: Label, lookup: VisibilityLookup): readonly Label[] {
  const d = lookup.defaultVisibility(label);
  return d && d.length > 0 ? d : [PRIVATE];
}

/** A target's visibility as declared or inherited (see the header). */
export function visibilityOf(t: Target, lookup: VisibilityLookup, opts: VisibilityOptions = {}): readonly Label[] {
  switch (t.kind) {
    case 'rule': {
      const v = t.attrs.get('visibility');
      if (Array.isArray(v)) return v as readonly Label[];
      if (t.ruleClass === 'config_setting' && !opts.privateConfigSettingDefault) return [PUBLIC];
      return packageDefault(t.label, lookup);
    }
    case 'source file':
      return t.visibility ?? (opts.noImplicitFileExport ? [PRIVATE] : packageDefault(t.label, lookup));
    case 'generated file': {
      const r = lookup.target(t.rule);
      return r ? visibilityOf(r, lookup, opts) : [PRIVATE];
    }
    case 'package group':
      return [PUBLIC];
  }
}

/** Does a package_group `packages` entry (`//foo`, `//foo/...`, `public`, `private`, `//...`) name `pkg`? */
export function packageSpecMatches(spec: string, pkg: string): boolean {
  const s = spec.replace(/^@\/\//, '//');
  if (s === 'public' || s === '//...') return true;
  if (s === 'private') return false;
  const body = s.startsWith('//') ? s.slice(2) : s;
  if (body === '...') return true;
  if (body.endsWith('/...')) {
    const dir = body.slice(0, -4);
    return pkg === dir || pkg.startsWith(dir + '/');
  }
  return pkg === body;
}

function groupContains(group: Label, pkg: string, lookup: VisibilityLookup, seen: Set<string>): boolean {
  const key = labelToString(group);
  if (seen.has(key)) return false;
  seen.add(key);
  const g = lookup.target(group);
  if (!g || g.kind !== 'package group') return false;
  let included = false;
  for (const raw of g.packages) {
    const negative = raw.startsWith('-');
    if (!packageSpecMatches(negative ? raw.slice(1) : raw, pkg)) continue;
    if (negative) return false;
    included = true;
  }
  return included || g.includes.some((inc) => groupContains(inc, pkg, lookup, seen));
}

/** Does a visibility list admit package `pkg` (of the main repository)? */
export function visibilityAdmits(visibility: readonly Label[], pkg: string, lookup: VisibilityLookup): boolean {
  const seen = new Set<string>();
  for (const v of visibility) {
    if (v.repo === '' && v.pkg === 'visibility') {
      if (v.name === 'public') return true;
      continue;
    }
    if (v.name === '__pkg__') {
      if (v.pkg === pkg) return true;
      continue;
    }
    if (v.name === '__subpackages__') {
      if (v.pkg === '' || pkg === v.pkg || pkg.startsWith(v.pkg + '/')) return true;
      continue;
    }
    if (groupContains(v, pkg, lookup, seen)) return true;
  }
  return false;
}

/** Is `t` visible from the package of `from` (a label of the main repository or of the same repository)? */
export function isVisible(t: Target, from: Label, lookup: VisibilityLookup, opts: VisibilityOptions = {}): boolean {
  if (t.label.repo === from.repo && t.label.pkg === from.pkg) return true;
  return visibilityAdmits(visibilityOf(t, lookup, opts), from.pkg, lookup);
}
