def _impl(name, visibility):
    return True
my_macro = macro(implementation=_impl)
