load(":origin.bzl", "return_lambda", "return_nested")

exported_nested = return_nested()
exported_lambda = return_lambda()
