def _impl(name, visibility):
    native.subpackages(include = ['*'])
my_macro = macro(implementation=_impl)
