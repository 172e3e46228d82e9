def _impl(name, visibility):
    print("my_macro called with name = %s" % name)
my_macro = macro(implementation=_impl)
