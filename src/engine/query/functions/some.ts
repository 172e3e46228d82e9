// some(x), some(x, k): k (default 1) targets of x, the first ones of the set; an empty x is an error.
import { evaluationError } from '../environment.ts';
import { intArg, type QueryFunction } from '../function.ts';

export const some: QueryFunction = {
  name: 'some',
  evaluate(ev, args, vars) {
    const x = ev.arg(args, 0, vars);
    if (x.size === 0) throw evaluationError(`argument set is empty`);
    const k = intArg(args, 1) ?? 1;
    return new Map([...x].slice(0, Math.max(0, k)));
  },
};
