// sh_binary, sh_test, sh_library. A binary or test has exactly one script in `srcs`: analysis copies it to
// bazel-bin/<pkg>/<name> (executable) and collects runfiles (Runfiles.Builder.addRunfiles: its files, then data's
// data runfiles, then srcs' and deps' default runfiles). Its `args` and `env` values expand `$(location)` forms
// (runfiles paths) over srcs, deps and data, then make variables; a test also carries TestInfo (size, timeout,
// tags, flaky). sh_library's files are those of its srcs, deps and data (ShLibrary.java), with the same runfiles.

import { labelToString } from '../../loading/index.ts';
import { dataRunfilesOf, defaultTimeout, uniq, uniqRunfiles, type Artifact, type TestInfo } from '../artifacts.ts';
import { expandLocations, expandMakeVariables, ExpansionError } from '../expansion.ts';
import type { RuleContext, RuleImplementation, RuleResult } from '../rule-context.ts';

function analyzeSh(ctx: RuleContext): RuleResult {
  const srcs = ctx.prerequisites('srcs');
  const deps = ctx.prerequisites('deps');
  const data = ctx.prerequisites('data');
  const srcFiles = uniq(srcs.flatMap((d) => d.files));
  const withFiles = ctx.profile.alwaysIncludeFilesInData;
  const collected = [...data.flatMap((d) => dataRunfilesOf(d, withFiles)), ...[...srcs, ...deps].flatMap((d) => d.runfiles)];
  const rule = ctx.rule;
  if (rule.ruleClass === 'sh_library') {
    const files = uniq([...srcs, ...deps, ...data].flatMap((d) => d.files));
    return { files, runfiles: uniqRunfiles([...files, ...collected]) };
  }
  if (srcFiles.length !== 1) {
    ctx.attributeError('srcs', `you must specify exactly one file in 'srcs'`);
    return { failed: true };
  }
  const src = srcFiles[0]!;
  const actionKey = `symlink ${ctx.key}`;
  const exe = ctx.declareOutput(rule.label.name, actionKey);
  ctx.registerAction({
    key: actionKey,
    kind: 'symlink',
    owner: rule.label,
    location: rule.location,
    mnemonic: 'Symlink',
    // Bazel 4.2.3's native rule names the target; rules_shell's ctx.actions.symlink has Starlark's default message.
    progress: ctx.profile.nativeShRules ? `Symlinking ${labelToString(rule.label)}` : `Creating symlink ${exe.execPath}`,
    inputs: [src],
    outputs: [exe],
    executableOutputs: new Set([exe.execPath]),
  });
  const labelMap = new Map<string, Artifact[]>();
  for (const d of [...srcs, ...deps, ...data]) labelMap.set(labelToString(d.label), d.files as Artifact[]);
  let ok = true;
  const expand = (attr: string, text: string): string => {
    try {
      const loc = expandLocations(text, { pkg: { repo: rule.label.repo, pkg: rule.label.pkg }, dialect: ctx.profile.labels, labelMap, rootPath: (a) => a.shortPath });
      return expandMakeVariables(loc, (n) => ctx.config.makeVariables.get(n));
    } catch (e) {
      if (!(e instanceof ExpansionError)) throw e;
      ctx.attributeError(attr, e.message, text);
      ok = false;
      return '';
    }
  };
  const args = ctx.strings('args').map((a) => expand('args', a));
  const env = ctx.dict('env').map(([k, v]) => [k, expand('env', v)] as const);
  if (!ok) return { failed: true };
  let test: TestInfo | undefined;
  if (rule.schema.test) {
    const size = ctx.string('size') || 'medium';
    const shards = Number(ctx.attr('shard_count') ?? -1);
    test = { size, timeout: ctx.string('timeout') || defaultTimeout(size), tags: ctx.strings('tags'), args, env, flaky: ctx.bool('flaky'), ...(shards > 1 ? { shardCount: shards } : {}) };
  }
  // Files to build: the script, then its executable symlink (checked with 4.2.3: `$(locations)` of an sh_binary).
  return { files: [src, exe], runfiles: uniqRunfiles([src, exe, ...collected]), executable: exe, test, runArgs: args };
}

export const sh: RuleImplementation = {
  ruleClasses: ['sh_binary', 'sh_test', 'sh_library'],
  analyze: analyzeSh,
};
