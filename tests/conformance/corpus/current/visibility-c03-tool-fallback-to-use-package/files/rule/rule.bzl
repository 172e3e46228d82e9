def _impl(ctx):
    output = ctx.actions.declare_file(ctx.label.name + ".out")
    ctx.actions.run(
        inputs = ctx.files._tool + ctx.files.data,
        executable = ctx.files._tool[0].path,
        arguments = [f.path for f in ctx.files.data] + [output.path],
        outputs = [output],
    )

greet = rule(
    implementation = _impl,
    attrs = {
        "data": attr.label(allow_files = True),
        "_tool": attr.label(
            cfg = "exec",
            allow_files = True,
            default = Label("//tool:tool.sh"),
        ),
    },
    outputs = {"out": "%{name}.out"},
)
