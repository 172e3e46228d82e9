RuleInfo = provider()
FirstAspectInfo = provider()
SecondAspectInfo = provider()
def _r_impl(ctx):
    return [
        DefaultInfo(
            files = depset([ctx.file.file]),
        ),
        OutputGroupInfo(
            shared = depset([ctx.file.file]),
        ),
        RuleInfo(),
    ]
r = rule(
    implementation = _r_impl,
    attrs = {
        'file': attr.label(allow_single_file = True),
    },
)
def _a_impl(target, ctx):
    custom_output_group = ctx.actions.declare_file(target.label.name + '_custom_a_file')
    shared_output_group = ctx.actions.declare_file(target.label.name + '_shared_a_file')
    ctx.actions.run_shell(
        outputs = [custom_output_group, shared_output_group],
        command = "touch %s && touch %s" % (custom_output_group.path, shared_output_group.path),
    )
    return [
        OutputGroupInfo(
            custom = depset([custom_output_group]),
            shared = depset([shared_output_group]),
        ),
        FirstAspectInfo(),
    ]
a = aspect(implementation = _a_impl)
def _b_impl(target, ctx):
    custom_output_group = ctx.actions.declare_file(target.label.name + '_custom_b_file')
    shared_output_group = ctx.actions.declare_file(target.label.name + '_shared_b_file')
    ctx.actions.run_shell(
        outputs = [custom_output_group, shared_output_group],
        command = "touch %s && touch %s" % (custom_output_group.path, shared_output_group.path),
    )
    return [
        OutputGroupInfo(
            custom = depset([custom_output_group]),
            shared = depset([shared_output_group]),
        ),
        SecondAspectInfo(),
    ]
b = aspect(implementation = _b_impl)
