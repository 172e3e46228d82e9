def wrapped_filegroup(name, **kwargs):
    native.filegroup(name = name, **kwargs)
