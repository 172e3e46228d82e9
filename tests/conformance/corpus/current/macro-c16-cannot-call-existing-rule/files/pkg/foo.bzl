def _impl(name, visibility):
    native.existing_rule('foo')
my_macro = macro(implementation=_impl)
