def _my_func(**kwargs):
    pass

_my_binary = rule(implementation = _my_func)
_my_aspect = aspect(implementation = _my_func)
_MyInfo = provider()
name = struct(
    spaced = struct(
        my_func = _my_func,
        my_binary = _my_binary,
        my_aspect = _my_aspect,
        MyInfo = _MyInfo,
    ),
)
