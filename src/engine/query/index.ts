// The query layer: syntax, the evaluator generic over its graph (environment.ts), the unconfigured target graph,
// genquery's scoped evaluation, ordering and output formats.
export * from './syntax/index.ts';
export { BazelCrash, evaluationError, PackageInErrorError, QueryEvalError, nodeSet, type NodeSet, type PackageAccess, type QueryEdge, type QueryGraph } from './environment.ts';
export { Evaluator } from './evaluate.ts';
export type { EvalOptions, QueryEvaluator, QueryFunction } from './function.ts';
export { registerFunction } from './functions/index.ts';
export { QueryEnvironment, TargetGraph, type TargetGraphOptions } from './target-graph.ts';
export { directDeps, directEdges, bazelAttributeOrder, type EdgeOptions, type LabelEdge } from './graph.ts';
export { dependencyOrder, lexicographicOrder, orderResult, type OrderOutput } from './order.ts';
export { conditionalEdgesLimit, formatterFor, GRAPH_FORMATS, type OutputContext, type OutputOptions } from './output/index.ts';
export { evaluateGenquery, type GenqueryExplanation, type GenqueryInput, type GenqueryResult } from './genquery.ts';
export { ConfiguredQueryGraph, configFunction, configName, type ConfiguredQueryOptions } from './cquery-graph.ts';
export { cqueryBuildFormatter } from './output/build.ts';
export { makeCqueryProtoFormatter, type CqueryProtoNodes } from './output/proto.ts';
