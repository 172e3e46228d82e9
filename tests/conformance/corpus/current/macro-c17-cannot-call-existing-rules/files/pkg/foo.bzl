def _impl(name, visibility):
    native.existing_rules()
my_macro = macro(implementation=_impl)
