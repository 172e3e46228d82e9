AspectInfo = provider()
def _r_impl(ctx):
    default_file = ctx.actions.declare_file(ctx.attr.name + '_default_file')
    output_group_only = ctx.actions.declare_file(ctx.attr.name + '_output_group_only')
    runfile = ctx.actions.declare_file(ctx.attr.name + '_runfile')
    executable_only = ctx.actions.declare_file(ctx.attr.name + '_executable')
    files = [default_file, output_group_only, runfile, executable_only]
    ctx.actions.run_shell(
        outputs = files,
        command = '\n'.join(['touch %s' % file.path for file in files]),
    )
    return [
        DefaultInfo(
            executable = executable_only,
            files = depset(
                direct = [
                    default_file,
                    ctx.file._implicit_source_dep,
                    ctx.file.explicit_source_dep,
                ],
                transitive = [info[DefaultInfo].files for info in ctx.attr.deps]
            ),
            runfiles = ctx.runfiles([runfile]),
        ),
        OutputGroupInfo(
            foobar = [output_group_only, ctx.file.explicit_source_dep],
        ),
    ]
r = rule(
    implementation = _r_impl,
    executable = True,
    attrs = {
        'deps': attr.label_list(),
        '_implicit_source_dep': attr.label(default = 'rules.bzl', allow_single_file = True),
        'explicit_source_dep': attr.label(allow_single_file = True),
    },
)
def _a_impl(target, ctx):
    custom_output_group = ctx.actions.declare_file(target.label.name + '_custom_aspect_a_file')
    shared_output_group = ctx.actions.declare_file(target.label.name + '_shared_aspect_a_file')
    ctx.actions.run_shell(
        outputs = [custom_output_group, shared_output_group],
        command = "touch %s && touch %s" % (custom_output_group.path, shared_output_group.path),
    )
    return [
        OutputGroupInfo(
            aspect_files = depset([custom_output_group]),
            foobar = depset([shared_output_group]),
        ),
        # Collides with aspect b.
        AspectInfo(),
    ]
a = aspect(implementation = _a_impl)
def _b_impl(target, ctx):
    custom_output_group = ctx.actions.declare_file(target.label.name + '_custom_aspect_b_file')
    shared_output_group = ctx.actions.declare_file(target.label.name + '_shared_aspect_b_file')
    ctx.actions.run_shell(
        outputs = [custom_output_group, shared_output_group],
        command = "touch %s && touch %s" % (custom_output_group.path, shared_output_group.path),
    )
    return [
        OutputGroupInfo(
            aspect_files = depset([custom_output_group]),
            foobar = depset([shared_output_group]),
        ),
        # Collides with aspect a.
        AspectInfo(),
    ]
b = aspect(implementation = _b_impl)
