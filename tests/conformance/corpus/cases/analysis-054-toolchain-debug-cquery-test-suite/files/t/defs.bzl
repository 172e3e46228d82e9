def _tc(ctx):
    return [platform_common.ToolchainInfo(name = ctx.label.name)]

tc = rule(implementation = _tc)
