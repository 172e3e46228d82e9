load(":y.bzl", "Y")

X = Y
