// The query layer: syntax, evaluation over the unconfigured graph, ordering and output formats.
export * from './syntax/index.ts';
export { QueryEnvironment, QueryEvalError, setOf, type TargetSet } from './evaluate.ts';
export { directDeps, type EdgeOptions } from './graph.ts';
export { dependencyOrder, lexicographicOrder } from './order.ts';
export { formatTargets, SUPPORTED_OUTPUTS, type OutputFormat } from './output.ts';
