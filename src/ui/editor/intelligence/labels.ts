// Labels as the editor resolves them: relative to the package of the file they are written in, to a target
// of the last load (its declaration) or a workspace file; load() statements mapped to the symbols they bind.

import { basename, dirname } from '../../state/file-paths.ts';

const BUILD_NAMES = ['BUILD', 'BUILD.bazel'];

/** The package a file belongs to: the nearest directory at or above it with a BUILD file, or null. */
export function packageOf(path: string, files: Readonly<Record<string, unknown>>): string | null {
  let dir = dirname(path);
  for (;;) {
    if (BUILD_NAMES.some((b) => (dir ? `${dir}/${b}` : b) in files)) return dir;
    if (!dir) return null;
    dir = dirname(dir);
  }
}

/** `:x`, `x`, `//a:b`, `//a`, `@//a:b` → `//pkg:name`; null for other repositories or malformed text. */
export function absoluteLabel(text: string, pkg: string): string | null {
  let t = text.trim();
  if (t.startsWith('@//')) t = t.slice(1);
  if (t.startsWith('@')) return null;
  if (t.startsWith('//')) {
    const colon = t.indexOf(':');
    const p = colon < 0 ? t.slice(2) : t.slice(2, colon);
    const n = colon < 0 ? basename(p) : t.slice(colon + 1);
    if (!n || /[:\s]/.test(n)) return null;
    return `//${p}:${n}`;
  }
  const n = t.startsWith(':') ? t.slice(1) : t;
  if (!n || /[:\s]/.test(n) || n.includes('//')) return null;
  return `//${pkg}:${n}`;
}

/** The workspace path a label names as a file (`//app:defs.bzl` → `app/defs.bzl`). */
export function labelPath(label: string): string {
  const m = /^\/\/([^:]*):(.*)$/.exec(label)!;
  return m[1] ? `${m[1]}/${m[2]}` : m[2];
}

/** How a label is best written from inside `pkg`: `:name` in the same package, else `//p:name` (or `//p`). */
export function relativeLabel(label: string, pkg: string | null): string {
  const m = /^\/\/([^:]*):(.*)$/.exec(label);
  if (!m) return label;
  if (m[1] === pkg) return `:${m[2]}`;
  return m[2] === basename(m[1]) && m[1] ? `//${m[1]}` : label;
}

export interface LoadBinding {
  /** The local name in this file. */
  local: string;
  /** The name exported by the loaded file. */
  exported: string;
  /** The loaded file's label as written. */
  module: string;
  /** Offset of the `load` keyword. */
  at: number;
}

/** Every symbol bound by the file's load() statements. */
export function loadBindings(text: string): LoadBinding[] {
  const out: LoadBinding[] = [];
  for (const m of text.matchAll(/^load\(\s*(["'])([^"']+)\1\s*,([^)]*)\)/gm)) {
    for (const a of m[3].matchAll(/(?:([A-Za-z_][A-Za-z_0-9]*)\s*=\s*)?(["'])([A-Za-z_][A-Za-z_0-9]*)\2/g)) {
      out.push({ local: a[1] ?? a[3], exported: a[3], module: m[2], at: m.index! });
    }
  }
  return out;
}

/** Where a top-level symbol is defined in a .bzl file: `def name(` or `name =`; 1-based line and column. */
export function definitionOf(text: string, name: string): { line: number; column: number } | null {
  const re = new RegExp(`^(?:def\\s+(${name})\\s*\\(|(${name})\\s*=[^=])`, 'm');
  const m = re.exec(text);
  if (!m) return null;
  const at = m.index + m[0].indexOf(name);
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  return { line, column: at - before.lastIndexOf('\n') };
}
