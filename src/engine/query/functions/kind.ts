// kind(pattern, x) keeps the targets whose kind (`genrule rule`, `source file`, …) matches the regexp;
// filter(pattern, x) keeps those whose label matches.
import { labelToString, targetKind } from '../../build/index.ts';
import type { NodeSet } from '../environment.ts';
import { javaRegex, wordArg, type QueryFunction } from '../evaluate.ts';

export const kind: QueryFunction = {
  name: 'kind',
  evaluate(ev, args, vars) {
    const re = javaRegex(wordArg(args, 0), 'kind');
    const x = ev.arg(args, 1, vars);
    return new Map([...x].filter(([, n]) => re.test(targetKind(ev.graph.target(n))))) as NodeSet<never>;
  },
};

export const filter: QueryFunction = {
  name: 'filter',
  evaluate(ev, args, vars) {
    const re = javaRegex(wordArg(args, 0), 'filter');
    const x = ev.arg(args, 1, vars);
    return new Map([...x].filter(([, n]) => re.test(labelToString(ev.graph.target(n).label)))) as NodeSet<never>;
  },
};
