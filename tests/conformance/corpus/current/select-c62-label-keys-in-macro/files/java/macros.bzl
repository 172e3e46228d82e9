def my_java_binary(name, deps = [], **kwargs):
    native.java_binary(
        name = name,
        deps = select({
            Label('//conditions:a'): [Label('//java/foo:a')],
            '//conditions:b': [Label('//java/foo:b')],
        }) + select({
            '//conditions:a': [Label('//java/foo:a2')],
            Label('//conditions:b'): [Label('//java/foo:b2')],
        }),
        **kwargs,
    )
