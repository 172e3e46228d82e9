// The loading layer: labels, target patterns, the virtual workspace, rule schemas, packages and the loader.
export * from './label.ts';
export * from './pattern.ts';
export * from './workspace.ts';
export * from './attributes.ts';
export * from './packages.ts';
export * from './loader.ts';
export * from './rules/index.ts';
export { LabelValue, SelectValue, Selector } from './values.ts';
export * from './starlark-api/index.ts';
export { globPatternError } from './glob.ts';
export { inMacroNamespace, macroNamingViolation, MACRO_NAMING_RULES } from './macro-names.ts';
export { standalonePredeclared } from './standalone.ts';
export { builtinBuildFileName, builtinPackageOf, builtinRepo, builtinRepoFor, BUILTIN_REPOS, loadedFileLabel } from './builtin-repos/index.ts';
export { BUILD_SETTING_KINDS, BUILD_SETTING_SCHEMAS, type BuildSettingKind, type BuildSettingType } from './builtin-repos/build-settings.ts';
export * from './messages.ts';
export * from './visibility.ts';
export * from './test-filter.ts';
export * from './locate.ts';
