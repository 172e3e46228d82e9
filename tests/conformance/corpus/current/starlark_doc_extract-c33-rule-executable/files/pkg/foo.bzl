MyInfo = provider()

def _my_impl(ctx):
    pass

my_binary = rule(
    implementation = _my_impl,
    executable = True,
)
