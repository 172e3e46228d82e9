// genrule analysis (GenRuleBase): outputs, prerequisites in their configurations, the command's expansion in
// Bazel's order, and the action that runs it in the emulated bash.
//
// srcs are analysed in the rule's configuration, tools (and exec_tools) in the tool configuration (host under
// 4.2.3), toolchains contribute make variables (TemplateVariableInfo). The command is cmd_bash when set, else
// cmd (cmd_bat/cmd_ps never apply on Linux). `$(location)`-style functions see srcs, tools and outs; make
// variables are `$(SRCS)`/`$^`, `$<`, `$(OUTS)`, `$@`, `$(@D)`, `$(RULEDIR)`, the configuration's
// (`$(TARGET_CPU)`, `$(COMPILATION_MODE)`, `$(BINDIR)`, `$(GENDIR)`) and the toolchains'. The script is
// `source <genrule-setup.sh>; <command>` (shell/genrule.ts) run with only PATH and TMPDIR set.

import { labelToString, type RuleTarget } from '../loading/index.ts';
import { genruleScript } from './shell/index.ts';
import type { Analyzer } from './analysis.ts';
import { uniq } from './analysis.ts';
import type { AnalyzedTarget, Artifact } from './artifacts.ts';
import { binDir, type BuildConfiguration } from './configuration.ts';
import { expandLocations, expandMakeVariables, ExpansionError, singleton } from './expansion.ts';

/** The action environment Bazel gives a genrule (PATH is the client's; rulepen fixes a usual one). */
export const GENRULE_ENV: Readonly<Record<string, string>> = {
  PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
  TMPDIR: '/tmp',
};

/** Linux's command-line limit above which Bazel writes the command to a script file (spec: "64K"). */
export const COMMAND_LENGTH_LIMIT = 64 * 1024;

/** Everything the UI's Actions panel shows for one genrule (execution fills the second half). */
export interface GenruleExplanation {
  label: string;
  configuration: string;
  /** Which attribute supplied the command: `cmd_bash` or `cmd`. */
  attribute: string;
  /** The command as written. */
  template: string;
  /** After `$(location)` and friends. */
  afterLocations?: string;
  /** After make variables and `$$` (the text bash receives after genrule-setup.sh). */
  afterMakeVariables?: string;
  /** The make variables the rule could use, with their values. */
  variables: Record<string, string>;
  /** `source …genrule-setup.sh; <command>` */
  script?: string;
  /** Set when the script is longer than the command-line limit (Bazel then runs it from this file). */
  scriptFile?: string;
  env: Record<string, string>;
  progress: string;
  /** Expansion error, in Bazel's words. */
  error?: string;
  inputs: string[];
  outputs: string[];
  // ---- execution ----
  ran?: boolean;
  cached?: boolean;
  exitCode?: number;
  stdout?: string;
  stderr?: string;
  /** Outputs produced, with their sizes. */
  produced?: { path: string; size: number }[];
  missing?: string[];
}

export function analyzeGenrule(
  rule: RuleTarget,
  config: BuildConfiguration,
  an: Analyzer,
): { files: Artifact[]; executable?: Artifact } | { failed: true } {
  const label = labelToString(rule.label);
  const key = `genrule ${label} (${config.id})`;
  const failuresBefore = an.attrFailures;
  const outLabels = an.attrLabels(rule, 'outs', config);
  const executable = an.attrBool(rule, 'executable', config);
  let ok = true;
  if (executable && outLabels.length !== 1) {
    an.attrError(
      rule,
      'executable',
      'if genrules produce executables, they are allowed only one output. If you need the executable=True option, you should split this genrule into multiple targets.',
    );
    ok = false;
  }
  const srcs = an.deps(rule, 'srcs', config);
  const tools = an.deps(rule, 'tools', config, an.ctx.tool);
  const execTools = an.deps(rule, 'exec_tools', config, an.ctx.tool);
  const toolchains = an.deps(rule, 'toolchains', config);
  if (!srcs.ok || !tools.ok || !execTools.ok || !toolchains.ok) ok = false;
  const outs = outLabels.map((l) => an.declareOutput(rule, l.name, config, key));
  if (!ok) return { failed: true };

  const toolchainVars = new Map<string, string>();
  for (const t of toolchains.deps) {
    if (!t.makeVariables) {
      an.attrError(rule, 'toolchains', `'${labelToString(t.label)}' does not have mandatory providers: 'TemplateVariableInfo'`);
      return { failed: true };
    }
    for (const [k, v] of t.makeVariables) toolchainVars.set(k, v);
  }

  const cmdBash = an.attrString(rule, 'cmd_bash', config);
  const attribute = cmdBash ? 'cmd_bash' : 'cmd';
  const template = cmdBash || an.attrString(rule, 'cmd', config);
  const message = an.attrString(rule, 'message', config);
  if (an.attrFailures > failuresBefore) return { failed: true };
  const progress = message ? `${message} ${label}` : `Executing genrule ${label}`;

  const srcFiles = uniq(srcs.deps.flatMap((d) => d.files));
  const toolDeps = [...tools.deps, ...execTools.deps];
  const toolFiles = uniq(toolDeps.flatMap((d) => [...d.files, ...d.runfiles]));
  const pkgDir = rule.label.pkg ? `${binDir(config)}/${rule.label.pkg}` : binDir(config);
  const variables: Record<string, string> = {};
  const srcPaths = srcFiles.map((a) => a.execPath);
  const outPaths = outs.map((a) => a.execPath);
  variables.SRCS = srcPaths.join(' ');
  variables['^'] = variables.SRCS;
  if (srcPaths.length === 1) variables['<'] = srcPaths[0]!;
  variables.OUTS = outPaths.join(' ');
  if (outPaths.length === 1) variables['@'] = outPaths[0]!;
  variables['@D'] = outPaths.length === 1 ? outPaths[0]!.slice(0, outPaths[0]!.lastIndexOf('/')) : pkgDir;
  variables.RULEDIR = pkgDir;
  for (const [k, v] of config.makeVariables) variables[k] = v;
  for (const [k, v] of toolchainVars) variables[k] = v;

  const explanation: GenruleExplanation = {
    label,
    configuration: config.outputDir,
    attribute,
    template,
    variables,
    env: { ...GENRULE_ENV },
    progress,
    inputs: [...srcFiles, ...toolFiles].map((a) => a.execPath),
    outputs: outPaths,
  };
  an.genrules.set(label + (config.kind === 'target' ? '' : ` (${config.outputDir})`), explanation);

  if (!template) {
    an.attrError(rule, 'cmd', 'missing value for `cmd` attribute, you can also set `cmd_ps` or `cmd_bat` on Windows and `cmd_bash` on other platforms.');
    return { failed: true };
  }

  const labelMap = new Map<string, Artifact[]>();
  const add = (d: AnalyzedTarget, files: readonly Artifact[]) => {
    const k = labelToString(d.label);
    labelMap.set(k, uniq([...(labelMap.get(k) ?? []), ...files]));
  };
  for (const d of srcs.deps) add(d, d.files);
  for (const d of toolDeps) add(d, d.executable ? [d.executable] : d.files);
  outs.forEach((a) => labelMap.set(labelToString(a.label!), [a]));

  let command: string;
  try {
    explanation.afterLocations = expandLocations(template, {
      pkg: { repo: rule.label.repo, pkg: rule.label.pkg },
      dialect: an.ctx.profile.labels,
      labelMap,
      rootPath: (a) => (a.shortPath.startsWith('external/') ? '../' + a.shortPath.slice('external/'.length) : a.shortPath),
    });
    command = expandMakeVariables(explanation.afterLocations, (name) => {
      if (name === '<') return singleton(srcPaths, '$<', 'input file');
      if (name === '@') return singleton(outPaths, '$@', 'output file');
      return variables[name];
    });
    explanation.afterMakeVariables = command;
  } catch (e) {
    if (e instanceof ExpansionError) {
      explanation.error = e.message;
      an.attrError(rule, attribute, e.message);
      return { failed: true };
    }
    throw e;
  }
  const script = genruleScript(command);
  explanation.script = script;
  if (script.length > COMMAND_LENGTH_LIMIT) explanation.scriptFile = `${pkgDir}/${rule.label.name}.genrule_script.sh`;

  an.addAction({
    key,
    kind: 'genrule',
    owner: rule.label,
    location: rule.location,
    mnemonic: 'Genrule',
    progress,
    inputs: uniq([...srcFiles, ...toolFiles]),
    outputs: outs,
    executableOutputs: executable ? new Set(outPaths) : undefined,
    script,
    env: GENRULE_ENV,
  });
  return { files: outs, executable: executable ? outs[0] : undefined };
}
