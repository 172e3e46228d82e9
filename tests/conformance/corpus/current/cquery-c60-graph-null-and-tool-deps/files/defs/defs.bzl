def _impl(ctx):
    pass

simple_rule = rule(
    implementation = _impl,
    attrs = {
        "deps": attr.label_list(allow_files = True),
        "tool_deps": attr.label_list(cfg = "exec"),
    },
)
