baz
