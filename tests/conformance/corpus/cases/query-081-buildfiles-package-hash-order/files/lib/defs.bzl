def m(name): native.filegroup(name = name)
