load("//:dep.bzl", "my_ext")

foo = struct(ext = my_ext)
