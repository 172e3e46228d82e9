// allrdeps(x, depth): rdeps over the universe of --universe_scope (Sky Query only; the parser offers it then).
import { evaluationError, type NodeSet } from '../environment.ts';
import { intArg, type QueryFunction } from '../function.ts';
import { reverseClosure } from './rdeps.ts';

export const allrdeps: QueryFunction = {
  name: 'allrdeps',
  evaluate(ev, args, vars) {
    const x = ev.arg(args, 0, vars);
    const scope = ev.options.universeScope ?? [];
    if (scope.length === 0) throw evaluationError('allrdeps() requires --universe_scope');
    const u: NodeSet<unknown> = new Map();
    for (const p of scope) for (const [k, n] of ev.pattern(p)) u.set(k, n);
    return reverseClosure(ev, u as NodeSet<never>, x, intArg(args, 1) ?? Infinity);
  },
};
