def _impl(name, visibility):
    # valid names
    native.exports_files(srcs=["abc_txt"])
    native.exports_files(srcs=["abc-txt"])
    native.exports_files(srcs=["abc.txt"])
    # allowed during package loading, but cannot be configured
    native.exports_files(srcs=["xyz.txt"])
my_macro = macro(implementation=_impl)
