// The registry of query functions, by name (which ones a command offers is the parser's signatures.ts).
import type { QueryFunction } from '../evaluate.ts';
import { attr } from './attr.ts';
import { buildfiles, loadfiles, rbuildfiles } from './buildfiles.ts';
import { deps } from './deps.ts';
import { filter, kind } from './kind.ts';
import { labels } from './labels.ts';
import { allpaths, somepath } from './paths.ts';
import { allrdeps, rdeps } from './rdeps.ts';
import { samePkgDirectRdeps } from './same-pkg-direct-rdeps.ts';
import { siblings } from './siblings.ts';
import { some } from './some.ts';
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
