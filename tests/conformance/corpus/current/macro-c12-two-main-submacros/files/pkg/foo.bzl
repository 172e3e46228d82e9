def _inner_impl(name, visibility):
    pass
inner_macro = macro(implementation=_inner_impl)

def _impl(name, visibility):
    inner_macro(name = name)
    inner_macro(name = name)
my_macro = macro(implementation=_impl)
