def format(target):
    p = providers(target)
    return p["//test_starlark_output_providers_starlark_provider:my_rule.bzl%MyRuleInfo"].label
