// The differential tester's workspace model: packages of rule calls whose attribute values are a tiny
// expression tree, so that the generator can build them, the shrinker can take them apart (drop a package, a
// target, an attribute, a select() branch) and `render` writes them as BUILD files.

/** An attribute value as written in a BUILD file. */
export type Expr =
  | { readonly k: 'str'; readonly v: string }
  | { readonly k: 'int'; readonly v: number }
  | { readonly k: 'bool'; readonly v: boolean }
  | { readonly k: 'list'; readonly items: readonly Expr[] }
  | { readonly k: 'dict'; readonly entries: readonly (readonly [string, Expr])[] }
  | { readonly k: 'select'; readonly branches: readonly (readonly [string, Expr])[]; readonly noMatchError?: string }
  | { readonly k: 'plus'; readonly parts: readonly Expr[] }
  /** A call written as is, e.g. `glob(["*.txt"])`. */
  | { readonly k: 'raw'; readonly text: string };

export interface Target {
  /** The rule class, or a macro of //macros:defs.bzl (`wrapped_genrule`, …). */
  readonly rule: string;
  readonly name: string;
  readonly attrs: readonly (readonly [string, Expr])[];
}

export interface Package {
  /** Package path, e.g. `a` or `a/sub`. */
  readonly name: string;
  readonly targets: readonly Target[];
  /** Source files of the package by package-relative name. */
  readonly files: Readonly<Record<string, string>>;
  /** `package(default_visibility = …)`, `package(default_testonly = …)` when set. */
  readonly packageArgs?: readonly (readonly [string, Expr])[];
  /** load() lines at the top. */
  readonly loads?: readonly string[];
}

export interface Workspace {
  readonly packages: readonly Package[];
  /** Extra files written as they are (the macros' .bzl file, a .bazelrc). */
  readonly extra: Readonly<Record<string, string>>;
}

/** One command line and the area of the grammar it exercises. */
export interface Command {
  readonly argv: readonly string[];
}

export interface Sample {
  readonly seed: number;
  /** The area of the grammar this workspace was generated for (README's per-area counts). */
  readonly area: string;
  readonly workspace: Workspace;
  readonly commands: readonly Command[];
}

export const str = (v: string): Expr => ({ k: 'str', v });
export const int = (v: number): Expr => ({ k: 'int', v });
export const bool = (v: boolean): Expr => ({ k: 'bool', v });
export const list = (items: readonly Expr[]): Expr => ({ k: 'list', items });
export const strs = (items: readonly string[]): Expr => list(items.map(str));
export const raw = (text: string): Expr => ({ k: 'raw', text });

export function renderExpr(e: Expr, indent = '    '): string {
  switch (e.k) {
    case 'str':
      return JSON.stringify(e.v);
    case 'int':
      return String(e.v);
    case 'bool':
      return e.v ? 'True' : 'False';
    case 'list':
      return `[${e.items.map((x) => renderExpr(x, indent)).join(', ')}]`;
    case 'dict':
      return `{${e.entries.map(([k, v]) => `${JSON.stringify(k)}: ${renderExpr(v, indent)}`).join(', ')}}`;
    case 'select': {
      const inner = indent + '    ';
      const body = e.branches.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${renderExpr(v, inner)},\n`).join('');
      const nme = e.noMatchError !== undefined ? `, no_match_error = ${JSON.stringify(e.noMatchError)}` : '';
      return `select({\n${body}${indent}}${nme})`;
    }
    case 'plus':
      return e.parts.map((p) => renderExpr(p, indent)).join(' + ');
    case 'raw':
      return e.text;
  }
}

export function renderTarget(t: Target): string {
  const attrs = [['name', str(t.name)] as const, ...t.attrs].map(([n, v]) => `    ${n} = ${renderExpr(v)},\n`).join('');
  return `${t.rule}(\n${attrs})\n`;
}

export function renderPackage(p: Package): string {
  const parts: string[] = [];
  if (p.loads && p.loads.length > 0) parts.push(p.loads.join('\n') + '\n');
  if (p.packageArgs && p.packageArgs.length > 0) parts.push(`package(${p.packageArgs.map(([n, v]) => `${n} = ${renderExpr(v)}`).join(', ')})\n`);
  for (const t of p.targets) parts.push(renderTarget(t));
  return parts.join('\n');
}

/** The workspace's files (WORKSPACE, BUILD files, sources, extras), by workspace-relative path. */
export function renderWorkspace(w: Workspace): Record<string, string> {
  const files: Record<string, string> = { WORKSPACE: '' };
  for (const p of w.packages) {
    const prefix = p.name === '' ? '' : p.name + '/';
    files[prefix + 'BUILD'] = renderPackage(p);
    for (const [n, text] of Object.entries(p.files)) files[prefix + n] = text;
  }
  for (const [n, text] of Object.entries(w.extra)) files[n] = text;
  return files;
}

/** Labels a text mentions (for the shrinker: which targets a command still needs). */
export function mentions(text: string, label: string): boolean {
  return text.includes(label);
}
