// The BUILD-file and .bzl built-ins the editor documents on hover and offers in completion (rules come from the
// engine's rule tables; these are the functions around them).

export interface BuiltinDoc {
  name: string;
  signature: string;
  doc: string;
  /** Where it may be used. */
  where: 'build' | 'bzl' | 'both';
}

export const BUILTINS: readonly BuiltinDoc[] = [
  { name: 'load', signature: 'load(module, *symbols, **aliases)', doc: 'Loads symbols from a .bzl file: `load(":defs.bzl", "my_macro")`. Must come before other statements that use them.', where: 'both' },
  { name: 'glob', signature: 'glob(include, exclude = [], exclude_directories = 1, allow_empty = ...)', doc: 'The source files of this package matching the patterns (never crossing into subpackages), sorted.', where: 'build' },
  { name: 'select', signature: 'select(conditions, no_match_error = "")', doc: 'A configurable value: the branch whose config_setting matches the build\'s configuration; `//conditions:default` when none does. Two matches where neither is more specialized are an error ("Illegal ambiguous match on configurable attribute").', where: 'both' },
  { name: 'package', signature: 'package(default_visibility = [], default_testonly = False, features = [], ...)', doc: 'Package-wide defaults; must come before any rule of the package.', where: 'build' },
  { name: 'exports_files', signature: 'exports_files(srcs, visibility = None, licenses = None)', doc: 'Makes source files of this package visible to other packages.', where: 'build' },
  { name: 'package_group', signature: 'package_group(name, packages = [], includes = [])', doc: 'A named set of packages, for use in visibility.', where: 'build' },
  { name: 'licenses', signature: 'licenses(license_types)', doc: 'Default license kinds of the package (legacy).', where: 'build' },
  { name: 'existing_rules', signature: 'native.existing_rules()', doc: 'The rules declared so far in the package, as dicts of their attributes.', where: 'bzl' },
  { name: 'package_name', signature: 'native.package_name()', doc: 'The name of the package being loaded, e.g. `app/sub`.', where: 'bzl' },
  { name: 'repository_name', signature: 'native.repository_name()', doc: 'The repository of the package being loaded, `@` for the main one.', where: 'bzl' },
  { name: 'native', signature: 'native', doc: 'The BUILD-file functions, for macros in .bzl files: `native.genrule(...)`.', where: 'bzl' },
  { name: 'fail', signature: 'fail(*args, attr = None)', doc: 'Stops evaluation with an error.', where: 'both' },
  { name: 'print', signature: 'print(*args, sep = " ")', doc: 'Prints a DEBUG message while the file is evaluated.', where: 'both' },
  { name: 'depset', signature: 'depset(direct = None, order = "default", transitive = None)', doc: 'An immutable set for efficient accumulation over dependencies.', where: 'both' },
  { name: 'Label', signature: 'Label(label_string)', doc: 'A label, resolved relative to the .bzl file\'s repository.', where: 'both' },
  { name: 'rule', signature: 'rule(implementation, attrs = {}, ...)', doc: 'Declares a Starlark rule.', where: 'bzl' },
  { name: 'provider', signature: 'provider(doc = "", fields = None)', doc: 'Declares a provider: a struct-like value rules pass to their dependents.', where: 'bzl' },
  { name: 'struct', signature: 'struct(**kwargs)', doc: 'An immutable value with the given fields.', where: 'bzl' },
  { name: 'len', signature: 'len(x)', doc: 'The length of a string, list, tuple, dict or range.', where: 'both' },
  { name: 'range', signature: 'range(start_or_stop, stop = None, step = 1)', doc: 'A sequence of integers.', where: 'both' },
];
