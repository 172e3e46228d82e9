MyInfo = provider()

def _my_impl(ctx):
    pass

my_lib = rule(
    implementation = _my_impl,
    provides = [MyInfo, DefaultInfo],
)
