load(":common.bzl", "DEFAULT_LEVEL")

def _impl(ctx):
    return []

my_rule = rule(
    implementation = _impl,
    attrs = {
        "srcs": attr.label_list(allow_files = True),
        "_tool": attr.label(default = "//pkg/a:tool.sh", allow_single_file = True),
        "level": attr.int(default = DEFAULT_LEVEL),
        "mode": attr.string(values = ["fast", "slow"], default = "fast"),
        "opts": attr.string_dict(),
    },
)

my_test = rule(implementation = _impl, test = True, attrs = {"data": attr.label_list(allow_files = True)})

def wrapped(name, **kwargs):
    native.genrule(name = name, outs = [name + ".txt"], cmd = "echo hi > $@", **kwargs)
