load('//pkg:source_dep.bzl', 'f')
