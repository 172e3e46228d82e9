// Configuration: Bazel's option table, the command-line and .bazelrc parser.
export * from './options.ts';
export * from './bazelrc.ts';
