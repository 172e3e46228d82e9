// deps(x), deps(x, depth): the reflexive transitive closure of x's prerequisites, optionally bounded in depth.
import { intArg, type QueryFunction } from '../function.ts';

export const deps: QueryFunction = {
  name: 'deps',
  evaluate(ev, args, vars) {
    const x = ev.arg(args, 0, vars);
    return ev.closure(x.values(), intArg(args, 1) ?? Infinity);
  },
};
