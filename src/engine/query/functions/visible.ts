// visible(predicate, x): the targets of x visible to every target of predicate — package groups
// (`packages`, `includes`), //visibility:public and :private, `__pkg__` and `__subpackages__`, the package's
// default_visibility, the same-package rule, and config_setting visibility per the profile.
import type { Label, Package, Target } from '../../loading/index.ts';
import { evaluationError } from '../environment.ts';
import type { QueryEvaluator, QueryFunction } from '../function.ts';
import { targetVisibility } from '../attribute-values.ts';

/** Does a package-group `packages` entry (`//foo`, `//foo/...`, `public`, `private`, `-//foo`) match? */
function specMatches(spec: string, pkg: string): boolean {
  const s = spec.replace(/^@\/\//, '//');
  if (s === 'public' || s === '//...') return true;
  if (s === 'private') return false;
  const body = s.startsWith('//') ? s.slice(2) : s;
  if (body.endsWith('/...')) {
    const dir = body.slice(0, -4);
    return pkg === dir || pkg.startsWith(dir + '/');
  }
  if (body === '...') return true;
  return pkg === body;
}

function groupContains<T>(ev: QueryEvaluator<T>, group: Label, pkg: string, seen: Set<string>): boolean {
  const key = `${group.pkg}:${group.name}`;
  if (seen.has(key)) return false;
  seen.add(key);
  const n = ev.graph.packages?.node(group);
  if (!n) return false;
  const t = ev.graph.target(n);
  if (t.kind !== 'package group') return false;
  const pos = t.packages.filter((p) => !p.startsWith('-'));
  const neg = t.packages.filter((p) => p.startsWith('-')).map((p) => p.slice(1));
  if (neg.some((p) => specMatches(p, pkg))) return false;
  if (pos.some((p) => specMatches(p, pkg))) return true;
  return t.includes.some((inc) => groupContains(ev, inc, pkg, seen));
}

/** Is `target` visible from package `from`? */
export function isVisible<T>(ev: QueryEvaluator<T>, node: T, from: string): boolean {
  const t: Target = ev.graph.target(node);
  if (t.label.repo === '' && t.label.pkg === from) return true;
  const access = ev.graph.packages;
  let pkg: Package | undefined;
  try {
    pkg = t.label.repo === '' ? access?.packageOf(node) : undefined;
  } catch {
    pkg = undefined;
  }
  const vis = targetVisibility(t, pkg, (l) => {
    const r = access?.node(l);
    return r === undefined ? undefined : ev.graph.target(r);
  });
  for (const v of vis) {
    if (v.pkg === 'visibility' && v.repo === '') {
      if (v.name === 'public') return true;
      if (v.name === 'private') continue;
    }
    if (v.name === '__pkg__') {
      if (v.pkg === from) return true;
      continue;
    }
    if (v.name === '__subpackages__') {
      if (v.pkg === '' || from === v.pkg || from.startsWith(v.pkg + '/')) return true;
      continue;
    }
    if (groupContains(ev, v, from, new Set())) return true;
  }
  return false;
}

export const visible: QueryFunction = {
  name: 'visible',
  evaluate(ev, args, vars) {
    if (!ev.graph.packages) throw evaluationError('visible() is not supported here');
    const pred = ev.arg(args, 0, vars);
    const x = ev.arg(args, 1, vars);
    const froms = [...new Set([...pred.values()].map((n) => ev.graph.target(n).label.pkg))];
    return new Map([...x].filter(([, n]) => froms.every((f) => isVisible(ev, n, f))));
  },
};
