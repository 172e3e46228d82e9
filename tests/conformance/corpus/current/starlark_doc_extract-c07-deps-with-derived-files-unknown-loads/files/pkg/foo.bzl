load("//pkg:source_file_masked_by_rule_name.bzl", "f")
load("//pkg:source_file_masked_by_rule_output_name.bzl", "g")
