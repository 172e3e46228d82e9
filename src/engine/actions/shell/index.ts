// The shell adapter: genrule commands and test scripts run in an emulated bash (just-bash), with limits.

export {
  COMMANDS,
  DEFAULT_SHELL_LIMITS,
  runShell,
  withCLocale,
  type ShellLimitHit,
  type ShellLimits,
  type ShellResult,
  type ShellRun,
  type ShellSignal,
} from './run-shell.ts';
export { GENRULE_SETUP_PATH, GENRULE_SETUP_SH, genruleArgv, genruleScript } from './genrule.ts';
