def _impl(repository_ctx):
    pass

my_repo_rule = repository_rule(
    implementation = _impl,
    doc = '''My repository rule

    With details
    ''',
    attrs = {
        "a": attr.string(doc = "My doc", default = "foo"),
        "b": attr.string(mandatory = True),
        "_c": attr.string(doc = "Hidden attribute"),
    },
    environ = ["FOO_PATH", "BAR_COMPILER"],
)

