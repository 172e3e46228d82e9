def _impl(ctx):
    return []

cc_thing = rule(
    implementation = _impl,
    attrs = {
        "_cc_toolchain": attr.label(default = Label("@bazel_tools//tools/cpp:current_cc_toolchain")),
        "_cc_host_toolchain": attr.label(default = Label("@bazel_tools//tools/cpp:current_cc_host_toolchain")),
    },
    toolchains = ["@bazel_tools//tools/cpp:toolchain_type"],
    fragments = ["cpp"],
)
