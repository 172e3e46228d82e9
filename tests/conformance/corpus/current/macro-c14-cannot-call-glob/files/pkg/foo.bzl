def _impl(name, visibility):
    native.glob(['foo*'])
my_macro = macro(implementation=_impl)
