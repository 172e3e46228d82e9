// Test and tooling helpers: a configuration context over an in-memory workspace and a command line, so a
// scenario reads as "these files, these flags → this resolution".

import { Loader, parseLabelInPackage, Workspace, type Label, type RuleTarget } from '../loading/index.ts';
import { commandLine } from './command-line.ts';
import { targetConfiguration, execConfiguration, type ConfigContext, type Configuration } from './configuration.ts';

export interface Scenario {
  readonly ctx: ConfigContext;
  readonly target: Configuration;
  readonly exec: Configuration;
  rule(label: string): RuleTarget;
  label(label: string): Label;
}

/** Files (WORKSPACE added when missing) + `build` arguments → a context; throws on a bad command line. */
export function scenario(files: Record<string, string>, args: readonly string[] = [], opts: { command?: string; startup?: readonly string[] } = {}): Scenario {
  const all = { WORKSPACE: '', '.bazelversion': '4.2.3', ...files };
  const workspace = new Workspace(all);
  const cl = commandLine(workspace, opts.command ?? 'build', args, opts.startup ?? []);
  if ('error' in cl) throw new Error(cl.error);
  const loader = new Loader(workspace, { workspaceDir: '/ws' });
  const ctx: ConfigContext = { loader, commandLine: cl, profile: workspace.profile, workspaceDir: '/ws' };
  const t = targetConfiguration(ctx);
  if ('error' in t) throw new Error(t.error);
  const label = (s: string) => parseLabelInPackage(s, { repo: '', pkg: '' }, workspace.profile.labels);
  return {
    ctx,
    target: t,
    exec: execConfiguration(t, ctx),
    label,
    rule(s: string): RuleTarget {
      const l = label(s);
      const t = loader.getPackage(l.pkg)?.targets.get(l.name);
      if (!t || t.kind !== 'rule') throw new Error(`no rule ${s}`);
      return t;
    },
  };
}
