_install = tag_class(
    doc = '''Install

    With details''',
    attrs = {
        "artifacts": attr.string_list(doc = "Artifacts"),
        "_hidden": attr.bool(),
    },
)

_artifact = tag_class(
    attrs = {
        "group": attr.string(),
        "artifact": attr.string(default = "foo"),
    },
)

def _impl(ctx):
    pass

my_ext = module_extension(
    doc = '''My extension

    With details''',
    tag_classes = {
        "install": _install,
        "artifact": _artifact,
    },
    implementation = _impl,
)
