def _impl(name, visibility):
    pass

def macro_factory():
    return macro(implementation=_impl)
