// The Bazel names a Starlark file sees when it runs outside any package (`rulepen starlark FILE`, chunked test
// files): Label(), resolving relative labels against the workspace root, as a .bzl at the root would.

import type { Profile } from '../base/index.ts';
import { Builtin, EvalError, unpackArgs, type Value } from '../starlark/index.ts';
import { LabelSyntaxError, parseLabelInPackage } from './label.ts';
import { LabelValue } from './values.ts';

export function standalonePredeclared(profile: Profile): Map<string, Value> {
  const label = new Builtin('Label', (_thread, args, kwargs) => {
    const [input] = unpackArgs('Label', args, kwargs, { params: [{ name: 'input', named: true, type: 'string|Label' }] });
    if (input instanceof LabelValue) return input;
    try {
      return new LabelValue(parseLabelInPackage(input as string, { repo: '', pkg: '' }, profile.labels), profile.canonicalLabelStrings);
    } catch (e) {
      if (e instanceof LabelSyntaxError) throw new EvalError(`Illegal absolute label syntax: ${e.message}`);
      throw e;
    }
  });
  return new Map<string, Value>([['Label', label]]);
}
