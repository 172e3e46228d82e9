// kind(pattern, x) keeps the targets whose kind (`genrule rule`, `source file`, …) matches the regexp.
import { targetKind } from '../../loading/index.ts';
import { javaRegex, wordArg, type QueryFunction } from '../function.ts';

export const kind: QueryFunction = {
  name: 'kind',
  evaluate(ev, args, vars) {
    const re = javaRegex(wordArg(args, 0), 'kind');
    const x = ev.arg(args, 1, vars);
    return new Map([...x].filter(([, n]) => re.test(targetKind(ev.graph.target(n)))));
  },
};
