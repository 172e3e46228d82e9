// Label rendering for ModuleInfo, after Bazel's LabelRenderer: display forms relative to the main repository
// (`//pkg:foo.bzl`, or `@my_module//pkg:foo.bzl` with render_main_repo_name), and Starlark reprs of default
// values in two flavours — `repr` (labels as `Label("//x:x")`, for function parameters) and
// `reprWithoutLabelConstructor` (labels as their shorthand display string `"//x"`, for attribute defaults).

import { LabelValue, type Label } from '../../loading/index.ts';
import { Dict, List, None, quote, reprInto, Struct, Tuple, type Value } from '../../starlark/index.ts';

export class LabelRenderer {
  /** @param mainRepoName when set, main-repository labels are printed as `@<name>//…`. */
  constructor(readonly mainRepoName?: string) {}

  /** The display form of a label: `//pkg:name`, `@repo//pkg:name`. */
  render(l: Label): string {
    const repo = l.repo !== '' ? l.repo : this.mainRepoName;
    return `${repo ? '@' + repo : ''}//${l.pkg}:${l.name}`;
  }

  /** The shorthand display form: `//pkg` for `//pkg:pkg`, `@repo` for `@repo//:repo`. */
  shorthand(l: Label): string {
    const repo = l.repo !== '' ? l.repo : this.mainRepoName;
    const prefix = repo ? '@' + repo : '';
    if (repo && l.pkg === '' && l.name === repo) return prefix;
    const last = l.pkg.slice(l.pkg.lastIndexOf('/') + 1);
    if (l.pkg !== '' && l.name === last) return `${prefix}//${l.pkg}`;
    return `${prefix}//${l.pkg}:${l.name}`;
  }

  /** Starlark repr with labels as `Label("<display form>")`. */
  repr(v: Value): string {
    const out: string[] = [];
    this.reprInto(out, v, (l) => `Label(${quote(this.render(l))})`);
    return out.join('');
  }

  /** Starlark repr with labels as quoted shorthand display forms. */
  reprWithoutLabelConstructor(v: Value): string {
    const out: string[] = [];
    this.reprInto(out, v, (l) => quote(this.shorthand(l)));
    return out.join('');
  }

  private reprInto(out: string[], v: Value, label: (l: Label) => string): void {
    if (v instanceof LabelValue) {
      out.push(label(v.label));
    } else if (v instanceof List || v instanceof Tuple) {
      out.push(v instanceof List ? '[' : '(');
      v.elems.forEach((e, i) => {
        if (i > 0) out.push(', ');
        this.reprInto(out, e, label);
      });
      if (v instanceof Tuple && v.elems.length === 1) out.push(',');
      out.push(v instanceof List ? ']' : ')');
    } else if (v instanceof Dict) {
      out.push('{');
      let i = 0;
      for (const [k, x] of v.entries()) {
        if (i++ > 0) out.push(', ');
        this.reprInto(out, k, label);
        out.push(': ');
        this.reprInto(out, x, label);
      }
      out.push('}');
    } else if (v instanceof Struct && v.typeName === 'struct') {
      out.push('struct(');
      v.names.forEach((n, i) => {
        if (i > 0) out.push(', ');
        out.push(n, ' = ');
        this.reprInto(out, v.values[i]!, label);
      });
      out.push(')');
    } else if (v === None) {
      out.push('None');
    } else {
      reprInto(out, v, new Set());
    }
  }
}
