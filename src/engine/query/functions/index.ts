// The registry of query functions, by name (which ones a command offers is the parser's signatures.ts).
import type { QueryFunction } from '../function.ts';
import { attr } from './attr.ts';
import { buildfiles } from './buildfiles.ts';
import { loadfiles } from './loadfiles.ts';
import { rbuildfiles } from './rbuildfiles.ts';
import { deps } from './deps.ts';
import { filter } from './filter.ts';
import { kind } from './kind.ts';
import { labels } from './labels.ts';
import { allpaths } from './allpaths.ts';
import { allrdeps } from './allrdeps.ts';
import { rdeps } from './rdeps.ts';
import { samePkgDirectRdeps } from './same-pkg-direct-rdeps.ts';
import { siblings } from './siblings.ts';
import { some } from './some.ts';
import { somepath } from './somepath.ts';
import { tests } from './tests.ts';
import { visible } from './visible.ts';

const extra = new Map<string, QueryFunction>();

/** Functions added by a command (cquery's config()). */
export function registerFunction(fn: QueryFunction): void {
  extra.set(fn.name, fn);
}

const BUILTIN: readonly QueryFunction[] = [
  allpaths, allrdeps, attr, buildfiles, deps, filter, kind, labels, loadfiles, rbuildfiles, rdeps,
  samePkgDirectRdeps, siblings, some, somepath, tests, visible,
];

export const FUNCTIONS: { get(name: string): QueryFunction | undefined } = {
  get: (name) => BUILTIN.find((f) => f.name === name) ?? extra.get(name),
};
