// Generates a synthetic workspace of many packages for the benchmarks: macros from a .bzl, selects, globs,
// genrules chained across packages, filegroups, aliases and config_settings — what a real monorepo's BUILD
// files are made of, at a size chosen by the caller.

export interface GeneratedWorkspace {
  files: Record<string, string>;
  packages: number;
  /** Rule targets declared (source and output files not counted). */
  rules: number;
}

/** `packages` packages of `rulesPerPackage` rule targets each (rulesPerPackage is rounded to a multiple of 5). */
export function generateWorkspace(packages: number, rulesPerPackage = 20): GeneratedWorkspace {
  const files: Record<string, string> = {
    'WORKSPACE': '',
    'MODULE.bazel': 'module(name = "bench")\n',
    'build_defs/BUILD': 'exports_files(["macros.bzl"])\n',
    'build_defs/macros.bzl': MACROS,
    'conf/BUILD': [
      'package(default_visibility = ["//visibility:public"])',
      'config_setting(name = "arm", values = {"cpu": "arm"})',
      'config_setting(name = "opt", values = {"compilation_mode": "opt"})',
      '',
    ].join('\n'),
  };
  const groups = Math.max(1, Math.round(rulesPerPackage / 5));
  let rules = 2;
  for (let p = 0; p < packages; p++) {
    const pkg = `p${Math.floor(p / 100)}/m${p}`;
    const dep = p > 0 ? `//p${Math.floor((p - 1) / 100)}/m${p - 1}:gen0` : null;
    // Public, so that each package's genrule may use the previous package's output (Bazel checks visibility).
    const lines = ['load("//build_defs:macros.bzl", "stamped_genrule")', '', 'package(default_visibility = ["//visibility:public"])', ''];
    for (let g = 0; g < groups; g++) {
      files[`${pkg}/src${g}.txt`] = `source ${p} ${g}\n`;
      files[`${pkg}/data/d${g}.txt`] = `data ${p} ${g}\n`;
      const srcs = g === 0 && dep ? `["src${g}.txt", "${dep}"]` : `["src${g}.txt"]`;
      lines.push(
        `stamped_genrule(name = "gen${g}", srcs = ${srcs})`, // macro: genrule + filegroup = 2 rules
        `filegroup(name = "data${g}", srcs = glob(["data/d${g}*.txt"]))`,
        `alias(name = "a${g}", actual = select({"//conf:arm": ":gen${g}", "//conditions:default": ":data${g}"}))`,
        `config_setting(name = "c${g}", define_values = {"pkg": "${p}_${g}"})`,
        '',
      );
      rules += 5;
    }
    files[`${pkg}/BUILD`] = lines.join('\n');
  }
  return { files, packages: packages + 2, rules };
}

const MACROS = `"""Macros shared by every generated package."""

def stamped_genrule(name, srcs, **kwargs):
    """A genrule that concatenates its sources, and a filegroup over its output."""
    native.genrule(
        name = name,
        srcs = srcs,
        outs = [name + ".out"],
        cmd = select({
            "//conf:arm": "cat $(SRCS) > $@ && echo arm >> $@",
            "//conditions:default": "cat $(SRCS) > $@",
        }),
        **kwargs
    )
    native.filegroup(name = name + "_files", srcs = [":" + name])
`;
