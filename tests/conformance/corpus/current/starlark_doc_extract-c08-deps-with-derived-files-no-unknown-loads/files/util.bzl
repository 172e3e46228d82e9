def _impl(ctx):
    out = ctx.actions.declare_file(ctx.attr.out)
    ctx.actions.run_shell(command = "touch $1", arguments = [out.path], outputs = [out])
    return DefaultInfo(files = depset([out]), runfiles = ctx.runfiles([out]))

generate_out_without_declaring_it_as_a_target = rule(
    attrs = {"out": attr.string()},
    implementation = _impl,
)
