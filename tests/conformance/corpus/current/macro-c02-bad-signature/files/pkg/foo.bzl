def _impl():
    pass
my_macro = macro(implementation=_impl)
