def _my_rule_impl(ctx):
    pass

_my_rule = rule(
    implementation = _my_rule_impl,
    attrs = {
       "srcs": attr.label_list(doc = "My rule sources"),
    },
)

def _my_macro_impl(name, visibility, srcs, **kwargs):
    _my_rule(name = name, visibility = visibility, srcs = srcs, **kwargs)

my_macro = macro(
    inherit_attrs = _my_rule,
    implementation = _my_macro_impl,
)
