def _my_impl(ctx):
    pass

documented_lib = rule(doc = "My doc", implementation = _my_impl)
undocumented_lib = rule(implementation = _my_impl)
