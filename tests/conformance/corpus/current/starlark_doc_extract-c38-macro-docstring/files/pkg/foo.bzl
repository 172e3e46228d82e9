def _my_impl(name, visibility):
    pass

documented_macro = macro(
    doc = "My doc",
    implementation = _my_impl,
)
undocumented_macro = macro(
    implementation = _my_impl,
)
