// The configurations analysis builds in, as far as the actions layer reads them (config/CONTRACT.md's
// Configuration), and a stand-in that derives them from the command line while the configuration layer's
// targetConfiguration()/execConfiguration() are not there: --cpu/--host_cpu (default k8) and
// --compilation_mode (default fastbuild; exec/host: opt), output directories `<cpu>-<mode>` and `host`
// (4.2.3, profile row genruleToolsInHost) or `<cpu>-opt-exec-2B5CBBC6` (current Bazel).

import type { Profile } from '../base/index.ts';
import { lastValue, type CommandLine } from '../config/index.ts';
import { Digest } from './digest.ts';

export interface BuildConfiguration {
  readonly kind: 'target' | 'exec' | 'host';
  /** 7 hex digits, as cquery prints it. */
  readonly id: string;
  /** The directory under bazel-out/: `k8-fastbuild`, `host`, `k8-opt-exec-2B5CBBC6`. */
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

function make(kind: BuildConfiguration['kind'], cpu: string, mode: string, outputDir: string): BuildConfiguration {
  const bin = `bazel-out/${outputDir}/bin`;
  return {
    kind,
    id: new Digest().string(kind).string(cpu).string(mode).string(outputDir).hex().slice(0, 7),
    outputDir,
    cpu,
    compilationMode: mode,
    makeVariables: new Map([
      ['TARGET_CPU', cpu],
      ['COMPILATION_MODE', mode],
      ['BINDIR', bin],
      // Genfiles are merged into bin (--incompatible_merge_genfiles_directory, on since Bazel 0.27).
      ['GENDIR', bin],
    ]),
  };
}

/** The target and the tool (exec, or host under 4.2.3) configurations of a command line. */
export function standInConfigurations(commandLine: CommandLine, profile: Profile): { target: BuildConfiguration; tool: BuildConfiguration } {
  const value = (name: string, dflt: string): string => {
    const v = lastValue(commandLine.options, name)?.value;
    return typeof v === 'string' && v !== '' ? v : dflt;
  };
  const cpu = value('cpu', 'k8');
  const hostCpu = value('host_cpu', 'k8');
  const mode = value('compilation_mode', 'fastbuild');
  const target = make('target', cpu, mode, `${cpu}-${mode}`);
  const tool = profile.genruleToolsInHost ? make('host', hostCpu, 'opt', 'host') : make('exec', hostCpu, 'opt', `${hostCpu}-opt-exec-2B5CBBC6`);
  return { target, tool };
}
