// labels(attr, x): the targets named in attribute `attr` of the rules of x (every select() branch).
import { labelToString } from '../../loading/index.ts';
import { QueryEvalError, type NodeSet } from '../environment.ts';
import { wordArg, type QueryFunction } from '../function.ts';
import { exprToString } from '../syntax/index.ts';

export const labels: QueryFunction = {
  name: 'labels',
  evaluate(ev, args, vars, call) {
    const name = wordArg(args, 0);
    const x = ev.arg(args, 1, vars);
    const out: NodeSet<(typeof x extends NodeSet<infer U> ? U : never)> = new Map();
    for (const n of x.values()) {
      // A label that names nothing fails labels() itself (LabelsFunction): "in 'srcs' of rule //p:r: no such …".
      const missing = (message: string) => {
        const text = `in '${name}' of rule ${labelToString(ev.graph.target(n).label)}: ${message}`;
        try {
          ev.graph.report(text, `Evaluation of query "${exprToString(call)}" failed: ${text}`);
        } catch (e) {
          if (e instanceof QueryEvalError) throw new QueryEvalError(text, true, call);
          throw e;
        }
      };
      for (const t of ev.graph.labelsOf(n, name, missing) ?? []) out.set(ev.graph.key(t), t);
    }
    return out;
  },
};
