// The configurations analysis builds in, as far as the actions layer reads them: the part of the
// configuration layer's Configuration (config/CONTRACT.md) that outputs and make variables need. The commands
// layer passes config's targetConfiguration()/execConfiguration() results, which have this shape.

export interface BuildConfiguration {
  readonly kind: 'target' | 'exec' | 'host';
  /** 7 hex digits, as cquery prints it. */
  readonly id: string;
  /** The directory under bazel-out/: `k8-fastbuild`, `host` (4.2.3 tools), `k8-opt-exec-2B5CBBC6` (exec). */
  readonly outputDir: string;
  readonly cpu: string;
  readonly compilationMode: string;
  /** TARGET_CPU, COMPILATION_MODE, BINDIR, GENDIR. */
  readonly makeVariables: ReadonlyMap<string, string>;
}

/** `bazel-out/<outputDir>/bin`: where a configuration's outputs go. */
export function binDir(config: BuildConfiguration): string {
  return `bazel-out/${config.outputDir}/bin`;
}
