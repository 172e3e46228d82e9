// Configuration: Bazel's option table, the command line and .bazelrc, configurations and platforms,
// config_setting matching, select() resolution, and the types of the configured-target graph analysis builds (CONTRACT.md).
export * from './options.ts';
export * from './bazelrc.ts';
export { commandLine, optionValue, rcLines, type CommandLineResult } from './command-line.ts';
export { configurationWarnings, targetConfiguration, execConfiguration, hostPlatformOf, HOST_CPU, CONFIGURATION_OPTIONS, type Configuration, type ConfigContext, type ConfigurationError } from './configuration.ts';
export type { ConfiguredEdge, ConfiguredGraph, ConfiguredTarget } from './configured.ts';
export {
  matchConfigSetting,
  resolveAttribute,
  settingErrorText,
  type SettingCheck,
  type SettingMatch,
  type SettingProblem,
  type SelectExplanation,
  type SelectPartExplanation,
  type SelectOutcome,
  type SelectAmbiguity,
  type AmbiguousPair,
  type ResolvedAttribute,
} from './matching.ts';
export { labelListAttr, TargetLookup } from './targets.ts';
export { hasConstraint, parseAbsolute, settingOf } from './platforms.ts';
export type { BuildSettingValue } from './build-settings.ts';
export { settingDefault } from './build-settings.ts';
export { scenario, type Scenario } from './scenario-helpers.ts';
export { registrations, toolchainDebugFilter, ToolchainResolver, type ResolutionTraceMemo, type ResolvedToolchains, type ToolchainRequest, type ToolchainResolution, type ToolchainExplanation, type ConstraintMismatch } from './toolchains.ts';
