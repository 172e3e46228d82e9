// `config`: lists the configurations a build with the given flags uses (Bazel lists those in its Skyframe cache,
// which holds exactly these right after such a build), and shows one configuration's options, or the options
// that differ between two, by id — the ids cquery prints.

import { CONFIGURATION_OPTIONS, OPTIONS, type Configuration } from '../config/index.ts';
import type { CommandContext } from './context.ts';
import { Pipeline } from './pipeline.ts';
import { EXIT, type CommandResult } from './result.ts';

/** The options a configuration shows: those our configurations read, in name order. */
const SHOWN = CONFIGURATION_OPTIONS;

function describe(c: Configuration): Map<string, string> {
  const m = new Map<string, string>();
  m.set('cpu', c.cpu);
  m.set('compilation_mode', c.compilationMode);
  m.set('platforms', c.platform);
  for (const name of SHOWN) {
    if (m.has(name)) continue;
    const vs = c.values(name);
    const def = OPTIONS.get(name);
    m.set(name, def?.multiple ? `[${vs.map((v) => String(v.value)).join(', ')}]` : String(vs[vs.length - 1]?.value ?? def?.default ?? ''));
  }
  return new Map([...m].sort(([a], [b]) => (a < b ? -1 : 1)));
}

export function configCommand(ctx: CommandContext, args: readonly string[]): CommandResult {
  const p = new Pipeline(ctx, 'config');
  const failed = p.parse(args);
  if (failed !== undefined) return p.con.result(failed);
  const configured = p.configure();
  if (configured !== undefined) return p.con.result(configured);
  const configs: Configuration[] = [p.analysis.targetConfig, p.analysis.toolConfig];
  const ids = p.commandLine.residue;
  if (ids.length === 0) {
    p.con.stdout(['Available configurations:', ...configs.map((c) => `${c.id} ${c.outputDir}${c.kind === 'target' ? '' : ` (${c.kind})`}`), ''].join('\n'));
    return p.con.result(EXIT.SUCCESS);
  }
  const found: Configuration[] = [];
  for (const id of ids.slice(0, 2)) {
    const c = configs.find((x) => x.id.startsWith(id));
    if (!c) {
      p.con.line('error', `No configuration found with id: ${id}`);
      return p.con.result(EXIT.COMMAND_LINE_ERROR);
    }
    found.push(c);
  }
  if (found.length === 1) {
    const c = found[0]!;
    const lines = [`BuildConfigurationValue ${c.id}:`, `Skyframe Key: BuildConfigurationKey[${c.id}]`, 'Fragment CoreOptions {'];
    for (const [k, v] of describe(c)) lines.push(`  ${k}: ${v}`);
    lines.push('}', '');
    p.con.stdout(lines.join('\n'));
    return p.con.result(EXIT.SUCCESS);
  }
  const [a, b] = [describe(found[0]!), describe(found[1]!)];
  const lines = [`Displaying diff between configs ${found[0]!.id} and ${found[1]!.id}`, 'Fragment CoreOptions {'];
  for (const [k, v] of a) if (b.get(k) !== v) lines.push(`  ${k}: ${v}, ${b.get(k)}`);
  lines.push('}', '');
  p.con.stdout(lines.join('\n'));
  return p.con.result(EXIT.SUCCESS);
}
