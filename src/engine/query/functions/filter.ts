// filter(pattern, x) keeps the targets whose label contains a match of the regexp.
import { labelToString } from '../../loading/index.ts';
import { javaRegex, wordArg, type QueryFunction } from '../function.ts';

export const filter: QueryFunction = {
  name: 'filter',
  evaluate(ev, args, vars) {
    const re = javaRegex(wordArg(args, 0), 'filter');
    const x = ev.arg(args, 1, vars);
    return new Map([...x].filter(([, n]) => re.test(labelToString(ev.graph.target(n).label))));
  },
};
