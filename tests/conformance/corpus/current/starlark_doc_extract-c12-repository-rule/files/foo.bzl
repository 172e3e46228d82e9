load("//:dep.bzl", "my_repo_rule")

foo = struct(repo_rule = my_repo_rule)
