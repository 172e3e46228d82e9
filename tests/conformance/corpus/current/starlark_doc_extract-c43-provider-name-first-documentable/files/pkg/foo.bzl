_MyInfo = provider()

def _my_impl(ctx):
    pass

my_lib = rule(
    implementation = _my_impl,
    attrs = {
        "foo": attr.label(providers = [_MyInfo]),
    },
    provides = [_MyInfo],
)
namespace1 = struct(_MyUndocumentedInfo = _MyInfo)
namespace2 = struct(MyInfoB = _MyInfo, MyInfoA = _MyInfo)
namespace3 = struct(MyInfo = _MyInfo)
