def foo(t):
    return str(t.label) + '%foo_file'
