def _impl(name, visibility):
    native.package(default_visibility = ['//visibility:public'])
my_macro = macro(implementation=_impl)
