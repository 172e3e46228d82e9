def _impl(ctx):
    return []
def make(default):
    return rule(implementation = _impl, attrs = {"_x": attr.label(default = Label(default))})
same = make("//p:nope")
other = make("//q:nope")
nopkg = make("//nopkg:nope")
tool = make("@bazel_tools//tools/cpp:nope")
def _impl2(ctx):
    return []
lst = rule(implementation = _impl2, attrs = {"_xs": attr.label_list(default = [Label("//q:nope"), Label("//q:fine")])})
