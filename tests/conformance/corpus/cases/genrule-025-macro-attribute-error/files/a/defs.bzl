def wrapped_genrule(name, **kwargs):
    native.genrule(name = name, **kwargs)
