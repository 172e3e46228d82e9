def _tc_impl(ctx):
    return [platform_common.ToolchainInfo(msg = ctx.attr.msg)]

my_toolchain = rule(implementation = _tc_impl, attrs = {"msg": attr.string()})

def _use_impl(ctx):
    tc = ctx.toolchains["//t:type"]
    if ctx.attr.other:
        tc = ctx.toolchains["//t:other"]
    out = ctx.actions.declare_file(ctx.label.name + ".txt")
    ctx.actions.write(out, tc.msg + "\n")
    return [DefaultInfo(files = depset([out]))]

use_tc = rule(
    implementation = _use_impl,
    attrs = {"other": attr.bool()},
    toolchains = ["//t:type"],
)

def _exec_impl(ctx):
    out = ctx.actions.declare_file(ctx.label.name + ".txt")
    ctx.actions.write(out, ctx.toolchains["//t:exec_type"].msg + "\n")
    return [DefaultInfo(files = depset([out]))]

use_exec = rule(implementation = _exec_impl, toolchains = ["//t:exec_type"])
