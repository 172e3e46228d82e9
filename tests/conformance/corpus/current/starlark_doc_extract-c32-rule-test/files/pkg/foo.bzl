MyInfo = provider()

def _my_impl(ctx):
    pass

my_test = rule(
    implementation = _my_impl,
    test = True,
)
