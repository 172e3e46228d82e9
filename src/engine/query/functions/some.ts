// some(x), some(x, k): k (default 1) targets of x, the first ones of the set; an empty x is an error.
import { QueryEvalError } from '../environment.ts';
import { intArg, type QueryFunction } from '../evaluate.ts';
import { exprToString } from '../syntax/index.ts';

export const some: QueryFunction = {
  name: 'some',
  evaluate(ev, args, vars, call) {
    const x = ev.arg(args, 0, vars);
    if (x.size === 0) throw new QueryEvalError(`argument set is empty`, { cause: exprToString(call) });
    const k = intArg(args, 1) ?? 1;
    return new Map([...x].slice(0, Math.max(0, k)));
  },
};
