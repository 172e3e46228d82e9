"""Macros the generated BUILD files call."""

def wrapped_genrule(name, **kwargs):
    native.genrule(name = name, **kwargs)

def wrapped_filegroup(name, **kwargs):
    native.filegroup(name = name, **kwargs)

def selecting_genrule(name, condition, then, otherwise, **kwargs):
    native.genrule(
        name = name,
        outs = [name + ".out"],
        cmd = select({condition: "echo " + then + " > $@", "//conditions:default": "echo " + otherwise + " > $@"}),
        **kwargs
    )

def test_pair(name, script, **kwargs):
    native.sh_test(name = name + "_a", srcs = [script], **kwargs)
    native.sh_test(name = name + "_b", srcs = [script], tags = ["manual"], **kwargs)
