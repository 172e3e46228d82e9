def _my_impl(target, ctx):
    pass

documented_aspect = aspect(doc = "My doc", implementation = _my_impl)
undocumented_aspect = aspect(implementation = _my_impl)
