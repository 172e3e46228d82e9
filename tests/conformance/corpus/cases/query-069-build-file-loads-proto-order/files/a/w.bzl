load(":z.bzl", "Z")

W = Z
