// The actions layer: analysis (the one configured-target graph, analysis.ts) with one implementation per rule
// class (rules/), make-variable and location expansion, the executor with its action cache, the test runner,
// and the emulated shell (shell/).
export * from './artifacts.ts';
export { Analysis, type AnalysisExplanations, type AnalysisOptions } from './analysis.ts';
export type { RuleContext, RuleExplanation, RuleImplementation, RuleResult } from './rule-context.ts';
export type { GenruleExplanation } from './explanations.ts';
export { GENRULE_ENV } from './rules/index.ts';
export { ActionCache, Executor, shellQuote, type ActionRun, type CacheEntry, type ExecutorOptions } from './executor.ts';
export { expandLocations, expandMakeVariables, ExpansionError } from './expansion.ts';
export { encodeLog, runTest, type TestRun, type TestRunOptions, type TestStatus } from './test-runner.ts';
export { Digest, digestBytes } from './digest.ts';
export { TargetValue, RunfilesValue, providersForQuery, fileValue, artifactOf, starlarkView, type ProvidersForQueryOptions, type StarlarkView } from './starlark-target.ts';
export { runShell, genruleScript, DEFAULT_SHELL_LIMITS, type ShellLimits, type ShellSignal } from './shell/index.ts';
