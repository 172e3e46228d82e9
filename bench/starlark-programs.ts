// The Starlark programs the bench runs both in the engine and in Bazel (`bazel --batch query` of a package whose
// BUILD loads the .bzl, minus the same with the work set to zero): the loop, and a macro-heavy .bzl of the kind
// real repositories load — per target a struct built from list and dict comprehensions, string formatting
// (%, format, join, replace), sorted dict items and lookups. Each program leaves its result in `x`; the BUILD
// file puts it in a tag, so `query --output=build` shows that Bazel computed the same value as the engine.

export interface StarlarkProgram {
  readonly name: string;
  /** What one unit of work is, for the throughput ("iterations", "targets"). */
  readonly unit: string;
  /** The .bzl text doing `n` units of work, binding the result to `x`. */
  bzl(n: number): string;
}

export const LOOP: StarlarkProgram = {
  name: 'loop `for i in range(n): s += i`',
  unit: 'iterations',
  bzl: (n) => `def f(n):\n    s = 0\n    for i in range(n):\n        s += i\n    return s\n\nx = f(${n})\n`,
};

export const MACROS: StarlarkProgram = {
  name: 'macro-heavy .bzl (comprehensions, formatting, structs)',
  unit: 'targets',
  bzl: (n) => `"""Declares n library-like targets as a macro package would, and sums what they hold."""

_KINDS = ["cc", "java", "py"]

def _target(i):
    name = "lib_%d" % i
    kind = _KINDS[i % len(_KINDS)]
    srcs = ["%s/src_%d.%s" % (name, j, kind) for j in range(6)]
    hdrs = [s.replace("." + kind, ".h") for s in srcs if not s.endswith("_0." + kind)]
    deps = {"//pkg/{}:{}".format(i - k, "lib_%d" % (i - k)): k for k in range(1, 4) if i - k >= 0}
    defines = {"NAME": name.upper(), "INDEX": str(i), "KIND": kind}
    copts = ["-D{}={}".format(k, v) for k, v in sorted(defines.items())]
    return struct(
        name = name,
        srcs = srcs,
        hdrs = hdrs,
        deps = sorted(deps.keys()),
        copts = copts,
        tags = [t for t in ["manual" if i % 7 == 0 else "", kind] if t],
        visibility = ["//visibility:public"],
    )

def make_targets(n):
    targets = [_target(i) for i in range(n)]
    by_name = {t.name: t for t in targets}
    total = 0
    for t in targets:
        total += len(t.srcs) + len(t.hdrs) + len(by_name[t.name].deps) + len(" ".join(t.copts)) + len(t.tags)
    return total

x = make_targets(${n})
`,
};

/** The workspace Bazel queries: `//l:g` carries the program's result in a tag. */
export function bazelFiles(program: StarlarkProgram, n: number): Record<string, string> {
  return {
    'WORKSPACE': '',
    'l/BUILD': 'load(":p.bzl", "x")\nfilegroup(name = "g", srcs = [], tags = ["result=%d" % x])\n',
    'l/p.bzl': program.bzl(n),
  };
}
