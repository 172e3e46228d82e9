// The actions layer: analysis (configured targets and their providers), genrule expansion, test_suite
// expansion, the executor with its action cache, the test runner, and the emulated shell (shell/).
export * from './artifacts.ts';
export { Analyzer, plainResolver, uniq, type AnalysisContext, type AttributeResolver, type RuleHook } from './analysis.ts';
export { binDir, type BuildConfiguration } from './configuration.ts';
export { ActionCache, Executor, shellQuote, withCLocale, type ActionRun, type CacheEntry, type ExecutorOptions } from './executor.ts';
export { expandLocations, expandMakeVariables, ExpansionError } from './expansion.ts';
export { GENRULE_ENV, type GenruleExplanation } from './genrule.ts';
export { expandTestSuite, filterReason, isTestRule, parseTagFilter, type SuiteCandidate, type SuiteExplanation } from './test-suite.ts';
export { encodeLog, runTest, type TestRun, type TestRunOptions, type TestStatus } from './test-runner.ts';
export { Digest, digestBytes } from './digest.ts';
export { runShell, genruleScript, DEFAULT_SHELL_LIMITS, type ShellLimits, type ShellSignal } from './shell/index.ts';
