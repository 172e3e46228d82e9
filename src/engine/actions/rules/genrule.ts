// genrule (GenRuleBase): outputs, the command's expansion in Bazel's order, and the action that runs it in the
// emulated bash.
//
// srcs are in the rule's configuration, tools (and exec_tools) in the tool configuration (host under 4.2.3) —
// analysis has already analysed them there; toolchains contribute make variables (TemplateVariableInfo). The
// command is cmd_bash when set, else cmd (cmd_bat/cmd_ps never apply on Linux). `$(location)`-style functions
// see srcs, tools and outs; make variables are `$(SRCS)`/`$^`, `$<`, `$(OUTS)`, `$@`, `$(@D)`, `$(RULEDIR)`, the
// configuration's (`$(TARGET_CPU)`, `$(COMPILATION_MODE)`, `$(BINDIR)`, `$(GENDIR)`) and the toolchains'. The
// script is `source <genrule-setup.sh>; <command>` (shell/genrule.ts) run with only PATH and TMPDIR set.

import { labelToString } from '../../loading/index.ts';
import { binDir, uniq, type AnalyzedTarget, type Artifact } from '../artifacts.ts';
import { expandLocations, expandMakeVariables, ExpansionError, singleton } from '../expansion.ts';
import type { GenruleExplanation } from '../explanations.ts';
import type { RuleContext, RuleImplementation, RuleResult } from '../rule-context.ts';
import { genruleScript } from '../shell/index.ts';

/** The action environment Bazel gives a genrule (PATH is the client's; rulepen fixes a usual one). */
export const GENRULE_ENV: Readonly<Record<string, string>> = {
  PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
  TMPDIR: '/tmp',
};

/** Linux's command-line limit above which Bazel writes the command to a script file (spec: "64K"). */
export const COMMAND_LENGTH_LIMIT = 64 * 1024;

function analyzeGenrule(ctx: RuleContext): RuleResult {
  const { rule, config, label } = ctx;
  const key = `genrule ${label} (${config.id})`;
  const outLabels = ctx.labels('outs');
  const executable = ctx.bool('executable');
  if (outLabels.length === 0) {
    ctx.attributeError('outs', "Genrules without outputs don't make sense");
    return { failed: true };
  }
  if (executable && outLabels.length !== 1) {
    ctx.attributeError(
      'executable',
      'if genrules produce executables, they are allowed only one output. If you need the executable=1 argument, then you should split this genrule into genrules producing single outputs',
    );
    return { failed: true };
  }
  const srcs = ctx.prerequisites('srcs');
  const toolDeps = [...ctx.prerequisites('tools'), ...ctx.prerequisites('exec_tools')];
  const outs = outLabels.map((l) => ctx.declareOutput(l.name, key));

  const toolchainVars = new Map<string, string>();
  for (const t of ctx.prerequisites('toolchains')) {
    if (!t.makeVariables) {
      ctx.attributeError('toolchains', `'${labelToString(t.label)}' does not have mandatory providers: 'TemplateVariableInfo'`, labelToString(t.label));
      return { failed: true };
    }
    for (const [k, v] of t.makeVariables) toolchainVars.set(k, v);
  }

  // GenRuleBase reads the first of cmd_bash and cmd that is set explicitly (an empty command is a command).
  const attribute = rule.attrs.has('cmd_bash') ? 'cmd_bash' : 'cmd';
  const commandSet = rule.attrs.has(attribute);
  const template = ctx.string(attribute);
  const message = ctx.string('message');
  const progress = message ? `${message} ${label}` : `Executing genrule ${label}`;

  const srcFiles = uniq(srcs.flatMap((d) => d.files));
  // A tool brings its files and, when executable, its runfiles (FilesToRunProvider).
  const toolFiles = uniq(toolDeps.flatMap((d) => [...d.files, ...(d.executable ? d.runfiles : [])]));
  const pkgDir = rule.label.pkg ? `${binDir(config)}/${rule.label.pkg}` : binDir(config);
  const srcPaths = srcFiles.map((a) => a.execPath);
  const outPaths = outs.map((a) => a.execPath);
  const variables: Record<string, string> = {};
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
  ctx.explain({ kind: 'genrule', key: label + (config.kind === 'target' ? '' : ` (${config.outputDir})`), explanation });

  if (!commandSet) {
    ctx.attributeError('cmd', 'missing value for `cmd` attribute, you can also set `cmd_ps` or `cmd_bat` on Windows and `cmd_bash` on other platforms.');
    return { failed: true };
  }

  const labelMap = new Map<string, Artifact[]>();
  const add = (d: AnalyzedTarget, files: readonly Artifact[]) => {
    const k = labelToString(d.label);
    labelMap.set(k, uniq([...(labelMap.get(k) ?? []), ...files]));
  };
  for (const d of srcs) add(d, d.files);
  for (const d of toolDeps) add(d, d.executable ? [d.executable] : d.files);
  outs.forEach((a) => labelMap.set(labelToString(a.label!), [a]));

  let command: string;
  try {
    explanation.afterLocations = expandLocations(template, {
      pkg: { repo: rule.label.repo, pkg: rule.label.pkg },
      dialect: ctx.profile.labels,
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
    if (!(e instanceof ExpansionError)) throw e;
    explanation.error = e.message;
    ctx.attributeError(attribute, e.message);
    return { failed: true };
  }
  const script = genruleScript(command);
  explanation.script = script;
  // --shell_executable replaces /bin/bash as the program that runs the script.
  const shell = String(config.values('shell_executable')[0]?.value ?? '') || undefined;
  if (script.length > COMMAND_LENGTH_LIMIT) explanation.scriptFile = `${pkgDir}/${rule.label.name}.genrule_script.sh`;

  ctx.registerAction({
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
    ...(shell ? { shell } : {}),
    env: GENRULE_ENV,
  });
  // No runfiles but as a data dependency, and then its outputs (GenRuleBase).
  return { files: outs, runfiles: [], dataRunfiles: outs, executable: executable ? outs[0] : undefined };
}

export const genrule: RuleImplementation = {
  ruleClasses: ['genrule'],
  analyze: analyzeGenrule,
};
