// The method tables of the built-in types (string, list, dict, ...): lib/ registers them, getAttr in
// operators.ts looks them up. A table maps a name to the implementation and, for methods that only some
// Bazel versions have (str.removeprefix), the semantics row that enables it.

import type { StarlarkSemantics } from '../../base/index.ts';
import type { BuiltinImpl } from './builtin.ts';

export interface MethodDef {
  readonly impl: BuiltinImpl;
  /** Absent → always available. */
  readonly enabled?: (s: StarlarkSemantics) => boolean;
}

const tables = new Map<string, Map<string, MethodDef>>();

/** Adds methods to the table of a type (by its type name). */
export function defineMethods(type: string, defs: Record<string, MethodDef>): void {
  let t = tables.get(type);
  if (!t) tables.set(type, (t = new Map()));
  for (const name of Object.keys(defs)) t.set(name, defs[name]!);
}

/** The method of a type, if it exists and is enabled under the semantics (null semantics: all enabled). */
export function lookupMethod(type: string, name: string, semantics: StarlarkSemantics | null): MethodDef | undefined {
  const m = tables.get(type)?.get(name);
  if (m === undefined) return undefined;
  if (m.enabled !== undefined && semantics !== null && !m.enabled(semantics)) return undefined;
  return m;
}

/** Names of the enabled methods of a type. */
export function methodNames(type: string, semantics: StarlarkSemantics | null): string[] {
  const t = tables.get(type);
  if (!t) return [];
  const out: string[] = [];
  for (const [name, m] of t) {
    if (m.enabled === undefined || semantics === null || m.enabled(semantics)) out.push(name);
  }
  return out;
}
