// Module: the global variables of one executed Starlark file, frozen once the file has run.

import type { SourceFile } from '../../base/index.ts';
import { freezeValue, type Value } from '../values/index.ts';

export class Module {
  /** Global slots, indexed as the resolver numbered the file's globals; undefined until assigned. */
  readonly values: (Value | undefined)[];
  private frozenGlobals?: Map<string, Value>;
  private isFrozen = false;

  constructor(
    /** The file the module comes from (undefined for a module made by the application). */
    readonly file: SourceFile | undefined,
    /** The global names, in slot order. */
    readonly names: readonly string[],
    /** The application's predeclared names (native rules, …), in addition to the universe. */
    readonly predeclared: ReadonlyMap<string, Value>,
    /** The universe (builtins) the module's code sees. */
    readonly universe: ReadonlyMap<string, Value>,
    /** Shown in the repr of the module's functions: `<function f from LABEL>` (Bazel: the file's label). */
    readonly label?: string,
  ) {
    this.values = new Array(names.length).fill(undefined);
  }

  /** A module that holds the given globals, for applications that build modules by hand (and for tests). */
  static of(globals: ReadonlyMap<string, Value> | Record<string, Value>, label?: string): Module {
    const entries = globals instanceof Map ? [...globals] : Object.entries(globals);
    const m = new Module(undefined, entries.map(([k]) => k), new Map(), new Map(), label);
    entries.forEach(([, v], i) => (m.values[i] = v));
    m.freeze();
    return m;
  }

  /** The assigned globals by name, in order of first binding. */
  get globals(): Map<string, Value> {
    if (this.frozenGlobals) return this.frozenGlobals;
    const m = new Map<string, Value>();
    this.names.forEach((name, i) => {
      const v = this.values[i];
      if (v !== undefined) m.set(name, v);
    });
    if (this.isFrozen) this.frozenGlobals = m;
    return m;
  }

  /** The value of a global, or undefined. */
  get(name: string): Value | undefined {
    const i = this.names.indexOf(name);
    return i < 0 ? undefined : this.values[i];
  }

  /** The globals another file may load: those whose names do not start with '_'. */
  exported(): Map<string, Value> {
    const m = new Map<string, Value>();
    for (const [k, v] of this.globals) if (!k.startsWith('_')) m.set(k, v);
    return m;
  }

  get frozen(): boolean {
    return this.isFrozen;
  }

  /** Freezes every global value (Bazel freezes a module's values once the file has executed). */
  freeze(): void {
    if (this.isFrozen) return;
    for (const v of this.values) if (v !== undefined) freezeValue(v);
    this.isFrozen = true;
  }
}
