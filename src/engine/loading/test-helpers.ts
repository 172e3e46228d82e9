// Test helper: load a package whose BUILD file instantiates a rule `r` from `pkg/defs.bzl`, under one profile.
import { Loader } from './loader.ts';
import { Workspace } from './workspace.ts';

/** The ERROR texts of loading `pkg` (BUILD lines joined after `load(":defs.bzl", "r")`), under 4.2.3 or current Bazel. */
export function loadErrors(defs: string, build: readonly string[], profile: '4.2.3' | 'current'): string[] {
  const marker: Record<string, string> = profile === '4.2.3' ? { WORKSPACE: '', '.bazelversion': '4.2.3\n' } : { 'MODULE.bazel': '' };
  const loader = new Loader(new Workspace({ ...marker, 'pkg/defs.bzl': defs, 'pkg/BUILD': ['load(":defs.bzl", "r")', ...build, ''].join('\n') }), { workspaceDir: '/ws' });
  loader.getPackage('pkg');
  return loader.events.filter((e) => e.severity === 'error').map((e) => e.text);
}
