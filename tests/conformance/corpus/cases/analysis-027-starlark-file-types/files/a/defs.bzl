def _impl(ctx):
    return []

r = rule(implementation = _impl, attrs = {
    "two": attr.label_list(allow_files = [".txt", ".md"]),
    "single": attr.label(allow_single_file = [".txt"]),
    "s1": attr.label(allow_single_file = True),
})

ne = rule(implementation = _impl, attrs = {"srcs": attr.label_list(allow_files = True, allow_empty = False)})
