def _inner_impl(name, visibility):
    pass
inner_macro = macro(implementation=_inner_impl)
def _impl(name, visibility, sep):
    inner_macro(name = name + sep + "inner")
my_macro = macro(implementation=_impl, attrs={"sep": attr.string(configurable=False)})
