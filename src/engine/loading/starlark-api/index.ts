// The Starlark build API of .bzl files (rule(), attr.*, provider(), aspect(), macro(), repository_rule(),
// module_extension(), tag_class(), config.*, built-in providers) and the values it makes, which the docs layer
// reads to extract ModuleInfo. Hooked into the .bzl globals by native.ts; `exportValue` is the loader's
// postAssign hook that names rules and providers after the global they are assigned to.
export { starlarkApiGlobals, ruleSchemaOf, depsetBuiltin, type StarlarkApiHost } from './globals.ts';
export { trimDocString } from './doc-string.ts';
export {
  AspectValue,
  AttrDescriptor,
  BZL_DEFINITION_KEY,
  type BzlDefinition,
  BuildSetting,
  Depset,
  MacroValue,
  ModuleExtensionValue,
  ProviderInstance,
  ProviderValue,
  RepositoryRuleValue,
  RuleClass,
  TagClassValue,
  StarlarkTransition,
  exportValue,
  isExportable,
  kindDefault,
  type AttrKind,
  type AttrOptions,
  type Exportable,
  type ProviderRef,
} from './values.ts';
