// rulepen's own stand-in for the parts of @bazel_skylib that configuration needs, written for this emulator
// (same public names and behaviour as skylib's, not its code): rules/common_settings.bzl (build settings and
// BuildSettingInfo) and lib/selects.bzl (with_or, with_or_dict, config_setting_group). config_setting_group
// builds chains of aliases whose actual is a select(), ending at lib:always_true / lib:always_false.

const COMMON_SETTINGS = `"""Build settings: user-defined flags (settable with --//pkg:name=value) and settings."""

BuildSettingInfo = provider(
    doc = "The value of a build setting.",
    fields = {"value": "The setting's value: from the command line, or its build_setting_default."},
)

def _value_impl(ctx):
    return BuildSettingInfo(value = ctx.build_setting_value)

def _string_impl(ctx):
    allowed = ctx.attr.values
    v = ctx.build_setting_value
    if allowed and v not in allowed:
        fail("Error setting " + str(ctx.label) + ": invalid value '" + v + "'. Allowed values are " + str(allowed))
    return BuildSettingInfo(value = v)

int_flag = rule(implementation = _value_impl, build_setting = config.int(flag = True), doc = "An int-typed build setting that can be set on the command line.")
int_setting = rule(implementation = _value_impl, build_setting = config.int(), doc = "An int-typed build setting that cannot be set on the command line.")
bool_flag = rule(implementation = _value_impl, build_setting = config.bool(flag = True), doc = "A bool-typed build setting that can be set on the command line.")
bool_setting = rule(implementation = _value_impl, build_setting = config.bool(), doc = "A bool-typed build setting that cannot be set on the command line.")
string_list_flag = rule(implementation = _value_impl, build_setting = config.string_list(flag = True), doc = "A string list-typed build setting that can be set on the command line.")
string_list_setting = rule(implementation = _value_impl, build_setting = config.string_list(), doc = "A string list-typed build setting that cannot be set on the command line.")
string_flag = rule(
    implementation = _string_impl,
    build_setting = config.string(flag = True),
    attrs = {"values": attr.string_list(doc = "The allowed values; any value when empty.")},
    doc = "A string-typed build setting that can be set on the command line.",
)
string_setting = rule(
    implementation = _string_impl,
    build_setting = config.string(),
    attrs = {"values": attr.string_list(doc = "The allowed values; any value when empty.")},
    doc = "A string-typed build setting that cannot be set on the command line.",
)
`;

const SELECTS = `"""select() helpers: keys that OR several conditions, and groups of config_settings."""

_TRUE = "@bazel_skylib//lib:always_true"
_FALSE = "@bazel_skylib//lib:always_false"
_DEFAULT = "//conditions:default"

def _with_or_dict(input_dict):
    """The dict select() takes, with each tuple key expanded to one entry per label."""
    out = {}
    for key, value in input_dict.items():
        keys = key if type(key) == type(()) else (key,)
        for k in keys:
            if k in out:
                fail("key %s appears multiple times" % k)
            out[k] = value
    return out

def _with_or(input_dict, no_match_error = ""):
    """select() whose keys may be tuples of labels, meaning any of them."""
    return select(_with_or_dict(input_dict), no_match_error = no_match_error)

def _chain(name, settings, visibility, on_match_next):
    # Alias i checks settings[i]: on a match it goes on (AND) or is true (OR); otherwise false (AND) or
    # goes on (OR). The last alias stands for the last setting itself.
    n = len(settings)
    for i in range(n - 1):
        this = name if i == 0 else "%s_%d" % (name, i + 1)
        nxt = settings[n - 1] if i == n - 2 else "%s_%d" % (name, i + 2)
        if on_match_next:
            branches = {settings[i]: nxt, _DEFAULT: _FALSE}
        else:
            branches = {settings[i]: _TRUE, _DEFAULT: nxt}
        native.alias(
            name = this,
            actual = select(branches),
            visibility = visibility if i == 0 else ["//visibility:private"],
        )

def _config_setting_group(name, match_any = [], match_all = [], visibility = None):
    """A condition that matches when any (match_any) or all (match_all) of the given conditions match."""
    if (len(match_any) == 0) == (len(match_all) == 0):
        fail('Either "match_any" or "match_all" must be set, but not both.')
    settings = match_any if match_any else match_all
    seen = {}
    for s in settings:
        if s in seen:
            fail(s + " appears more than once. Duplicates not allowed.")
        seen[s] = True
    if _DEFAULT in settings:
        if match_any or len(settings) == 1:
            native.alias(name = name, actual = _TRUE, visibility = visibility)
            return
        settings = [s for s in settings if s != _DEFAULT]
    if len(settings) == 1:
        native.alias(name = name, actual = settings[0], visibility = visibility)
        return
    _chain(name, settings, visibility, on_match_next = bool(match_all))

selects = struct(
    with_or = _with_or,
    with_or_dict = _with_or_dict,
    config_setting_group = _config_setting_group,
)
`;

// Two settings of which exactly one matches (--stamp is a boolean: 1 or 0), and aliases that always resolve
// to the matching one (always_true) or to the other (always_false).
const LIB_BUILD = `package(default_visibility = ["//visibility:public"])

config_setting(name = "stamp_on", values = {"stamp": "1"})
config_setting(name = "stamp_off", values = {"stamp": "0"})

alias(name = "always_true", actual = select({":stamp_on": ":stamp_on", "//conditions:default": ":stamp_off"}))
alias(name = "always_false", actual = select({":stamp_on": ":stamp_off", "//conditions:default": ":stamp_on"}))
`;

export const SKYLIB_FILES: Readonly<Record<string, string>> = {
  WORKSPACE: '',
  BUILD: '',
  'rules/BUILD': 'exports_files(["common_settings.bzl"])\n',
  'rules/common_settings.bzl': COMMON_SETTINGS,
  'lib/BUILD': LIB_BUILD,
  'lib/selects.bzl': SELECTS,
};
