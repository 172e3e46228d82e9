// attr(name, pattern, x): the rules of x having attribute `name` with a value (the default when unset; every
// select() branch counts) whose rendering contains a match of the regexp — `[//a:b, //a:c]` for label lists,
// `{k=v}` for dicts, `0`/`1` for booleans.
import { javaRegex, wordArg, type QueryFunction } from '../function.ts';
import { attrSpec, effectiveValue, possibleValues, renderForAttr } from '../attribute-values.ts';

export const attr: QueryFunction = {
  name: 'attr',
  evaluate(ev, args, vars) {
    const name = wordArg(args, 0);
    const re = javaRegex(wordArg(args, 1), 'attr');
    const x = ev.arg(args, 2, vars);
    const g = ev.graph;
    return new Map(
      [...x].filter(([, n]) => {
        const t = g.target(n);
        if (t.kind !== 'rule') return false;
        const spec = attrSpec(t, name);
        if (!spec) return false;
        const pkg = g.packages?.anyPackageOf?.(n);
        const v = effectiveValue(t, name, pkg);
        if (v === undefined) return false;
        return possibleValues(v).some((pv) => re.test(renderForAttr(spec.type, pv)));
      }),
    );
  },
};
