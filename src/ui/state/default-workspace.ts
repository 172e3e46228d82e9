// The workspace a visitor sees first: a small modern (MODULE.bazel) workspace that touches each general-purpose
// rule the playground models — a macro from a .bzl file, a genrule whose command is a select(), a
// config_setting, a filegroup, an alias, and a second package used across the package boundary.

export const DEFAULT_ACTIVE_FILE = 'app/BUILD';

export const DEFAULT_COMMAND = 'bazel query //...';

export const defaultWorkspace: Record<string, string> = {
  'MODULE.bazel': `module(
    name = "hello",
    version = "0.1.0",
)
`,
  'app/BUILD': `load(":defs.bzl", "greeting")

# Matches when the build runs with -c opt (or --compilation_mode=opt).
config_setting(
    name = "opt",
    values = {"compilation_mode": "opt"},
)

genrule(
    name = "banner",
    srcs = [
        "banner.txt.in",
        "//tools:license",
    ],
    outs = ["banner.txt"],
    cmd = select({
        ":opt": "tr a-z A-Z < $(location banner.txt.in) > $@",
        "//conditions:default": "cat $(location banner.txt.in) $(location //tools:license) > $@",
    }),
)

# A macro: expands to a genrule named "hello".
greeting(
    name = "hello",
    message = "Hello from rulepen",
)

filegroup(
    name = "all_text",
    srcs = [
        ":banner",
        ":hello",
    ],
    visibility = ["//visibility:public"],
)

alias(
    name = "text",
    actual = ":all_text",
)
`,
  'app/defs.bzl': `"""Macros for the hello app."""

def greeting(name, message, **kwargs):
    """Writes a message into <name>.txt with a genrule.

    Args:
      name: the target name; the output is <name>.txt.
      message: the text to write.
      **kwargs: passed on to the genrule (tags, visibility, ...).
    """
    native.genrule(
        name = name,
        outs = [name + ".txt"],
        cmd = "echo '%s' > $@" % message,
        **kwargs
    )
`,
  'app/banner.txt.in': `welcome to rulepen
`,
  'tools/BUILD': `package(default_visibility = ["//visibility:public"])

exports_files(["LICENSE.txt"])

filegroup(
    name = "license",
    srcs = ["LICENSE.txt"],
)
`,
  'tools/LICENSE.txt': `Licensed under the Apache License, Version 2.0.
`,
};
