def _my_impl(name):
    pass

s = struct(
    my_macro = macro(
        doc = "Unexported macro",
        implementation = _my_impl,
    )
)
