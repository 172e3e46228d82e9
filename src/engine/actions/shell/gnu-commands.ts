// Commands that just-bash lacks or prints differently from GNU, registered as just-bash custom commands:
// `cmp` (GNU diffutils 3.8), `yes`, `mktemp` (GNU coreutils 9.1), and wrappers over just-bash's `uniq` (`-c`
// counts padded to GNU's width of 7), `wc` (GNU's column widths) and `paste` (stdin when no file is named).
// Each message and exit code below was checked against the GNU tool on Debian 12.

import { utf8Encode } from '../../base/index.ts';
import type { Command, CommandContext, ExecResult, JustBashModule } from './just-bash-loader.js';

const ok = (stdout: string): ExecResult => ({ stdout, stderr: '', exitCode: 0 });

/** Reads a command's operand: '-' is stdin, anything else a file relative to the working directory. */
async function readOperand(
  jb: JustBashModule,
  ctx: CommandContext,
  name: string,
): Promise<{ bytes: Uint8Array; regular: boolean } | { error: string }> {
  if (name === '-') {
    const latin1 = jb.latin1FromBytes(ctx.stdin);
    const bytes = new Uint8Array(latin1.length);
    for (let i = 0; i < latin1.length; i++) bytes[i] = latin1.charCodeAt(i);
    return { bytes, regular: false };
  }
  const path = ctx.fs.resolvePath(ctx.cwd, name);
  if (!(await ctx.fs.exists(path))) return { error: `${name}: No such file or directory` };
  const st = await ctx.fs.stat(path);
  if (st.isDirectory) return { error: `${name}: Is a directory` };
  return { bytes: await ctx.fs.readFileBuffer(path), regular: true };
}

/** GNU cmp's sprintc: how `-b` shows a byte (^X for controls, M- for the high bit). */
function showByte(c: number): string {
  let out = '';
  if (!(c >= 32 && c < 127)) {
    if (c >= 128) {
      out += 'M-';
      c -= 128;
    }
    if (c < 32) {
      out += '^';
      c += 64;
    } else if (c === 127) {
      out += '^';
      c = 63; // '?'
    }
  }
  return out + String.fromCharCode(c);
}

/**
 * Whether messages follow the C/POSIX locale. GNU cmp says "differ: char N" there (POSIX's wording) and
 * "differ: byte N" elsewhere; Bazel runs genrules without LANG/LC_*, hence in the C locale.
 */
function cLocale(ctx: CommandContext): boolean {
  const locale = ctx.env.get('LC_ALL') || ctx.env.get('LC_MESSAGES') || ctx.env.get('LANG') || 'C';
  return locale === 'C' || locale === 'POSIX';
}

const octal3 = (c: number): string => c.toString(8).padStart(3, ' ');

function cmpUsage(message: string): ExecResult {
  return { stdout: '', stderr: `cmp: ${message}\ncmp: Try 'cmp --help' for more information.\n`, exitCode: 2 };
}

function parseSkip(text: string): number | undefined {
  return /^\d+$/.test(text) ? Number(text) : undefined;
}

/**
 * GNU cmp: exit 0 when the files are the same, 1 when they differ (first difference on stdout, or an
 * "EOF on …" note on stderr when one file is a prefix of the other), 2 on trouble. Supports -b, -l, -s,
 * -n LIMIT, -i SKIP[:SKIP2] and the optional SKIP1 SKIP2 operands.
 */
function cmpCommand(jb: JustBashModule): Command {
  return {
    name: 'cmp',
    trusted: true,
    async execute(args, ctx) {
      let printBytes = false;
      let mode: 'first' | 'all' | 'status' = 'first';
      let limit = Infinity;
      const skip = [0, 0];
      const operands: string[] = [];
      let options = true;
      const setSkip = (value: string): ExecResult | undefined => {
        const [a, b = a] = value.split(':');
        const s0 = parseSkip(a);
        const s1 = parseSkip(b);
        if (s0 === undefined || s1 === undefined) return cmpUsage(`invalid --ignore-initial value '${value}'`);
        skip[0] = s0;
        skip[1] = s1;
        return undefined;
      };
      for (let i = 0; i < args.length; i++) {
        const a = args[i];
        if (!options || a === '-' || !a.startsWith('-')) {
          operands.push(a);
          continue;
        }
        if (a === '--') {
          options = false;
          continue;
        }
        if (a === '--print-bytes') printBytes = true;
        else if (a === '--verbose') mode = 'all';
        else if (a === '--quiet' || a === '--silent') mode = 'status';
        else if (a.startsWith('--bytes=') || a.startsWith('--ignore-initial=')) {
          const value = a.slice(a.indexOf('=') + 1);
          if (a.startsWith('--bytes=')) {
            const n = parseSkip(value);
            if (n === undefined) return cmpUsage(`invalid --bytes value '${value}'`);
            limit = n;
          } else {
            const bad = setSkip(value);
            if (bad) return bad;
          }
        } else if (a.startsWith('--')) return cmpUsage(`unrecognized option '${a}'`);
        else {
          for (let j = 1; j < a.length; j++) {
            const f = a[j];
            if (f === 'b') printBytes = true;
            else if (f === 'l') mode = 'all';
            else if (f === 's') mode = 'status';
            else if (f === 'n' || f === 'i') {
              const value = j + 1 < a.length ? a.slice(j + 1) : args[++i];
              if (value === undefined) return cmpUsage(`option requires an argument -- '${f}'`);
              if (f === 'n') {
                const n = parseSkip(value);
                if (n === undefined) return cmpUsage(`invalid --bytes value '${value}'`);
                limit = n;
              } else {
                const bad = setSkip(value);
                if (bad) return bad;
              }
              break;
            } else return cmpUsage(`invalid option -- '${f}'`);
          }
        }
      }
      if (operands.length === 0) return cmpUsage("missing operand after 'cmp'");
      if (operands.length > 4) return cmpUsage(`extra operand '${operands[4]}'`);
      const names = [operands[0], operands[1] ?? '-'];
      for (let k = 2; k < operands.length; k++) {
        const s = parseSkip(operands[k]);
        if (s === undefined) return cmpUsage(`invalid --ignore-initial value '${operands[k]}'`);
        skip[k - 2] = s;
      }
      const files = [];
      for (const name of names) {
        const r = await readOperand(jb, ctx, name);
        if ('error' in r) return { stdout: '', stderr: mode === 'status' ? '' : `cmp: ${r.error}\n`, exitCode: 2 };
        files.push(r);
      }
      const a = files[0].bytes.subarray(Math.min(skip[0], files[0].bytes.length));
      const b = files[1].bytes.subarray(Math.min(skip[1], files[1].bytes.length));
      const span = Math.min(a.length, b.length, limit);
      let out = '';
      let differ = false;
      let line = 1;
      let width = 1;
      if (mode === 'all') {
        let max = limit;
        for (const [k, f] of files.entries()) if (f.regular) max = Math.min(max, k === 0 ? a.length : b.length);
        width = Number.isFinite(max) ? String(max).length : 1;
      }
      for (let i = 0; i < span; i++) {
        if (a[i] !== b[i]) {
          differ = true;
          if (mode === 'status') break;
          if (mode === 'first') {
            out = `${names[0]} ${names[1]} differ: ${cLocale(ctx) ? 'char' : 'byte'} ${i + 1}, line ${line}`;
            if (printBytes) out += ` is ${octal3(a[i])} ${showByte(a[i])} ${octal3(b[i])} ${showByte(b[i])}`;
            out += '\n';
            break;
          }
          const pos = String(i + 1).padStart(width, ' ');
          out += printBytes
            ? `${pos} ${octal3(a[i])} ${showByte(a[i]).padEnd(4, ' ')} ${octal3(b[i])} ${showByte(b[i])}\n`
            : `${pos} ${octal3(a[i])} ${octal3(b[i])}\n`;
        }
        if (a[i] === 10) line++;
      }
      let stderr = '';
      if ((!differ || mode === 'all') && a.length !== b.length && span < limit) {
        // One file is a prefix of the other.
        differ = true;
        if (mode !== 'status') {
          const shorter = a.length < b.length ? 0 : 1;
          const bytes = shorter === 0 ? a : b;
          if (bytes.length === 0) stderr = `cmp: EOF on ${names[shorter]} which is empty\n`;
          else if (mode === 'all') stderr = `cmp: EOF on ${names[shorter]} after byte ${bytes.length}\n`;
          else {
            let newlines = 0;
            for (const c of bytes) if (c === 10) newlines++;
            stderr =
              bytes[bytes.length - 1] === 10
                ? `cmp: EOF on ${names[shorter]} after byte ${bytes.length}, line ${newlines}\n`
                : `cmp: EOF on ${names[shorter]} after byte ${bytes.length}, in line ${newlines + 1}\n`;
          }
        }
      }
      return { stdout: out, stderr, exitCode: differ ? 1 : 0 };
    },
  };
}

/** What one `yes` writes at most: enough for any `yes | head -n N` a build needs, small enough to be quick. */
const YES_MAX_BYTES = 1024 * 1024;

/** What the commands of one run tell the adapter after it (a fresh object per run). */
export interface GnuRunState {
  /** The largest output of a `yes` that stopped by itself, in bytes (0 when none ran). */
  yesBytes: number;
}

/**
 * GNU yes, bounded: it writes its line until just past YES_MAX_BYTES (or a quarter of the output limit, if
 * less), then stops with status 141, as a real `yes` does when its reader closes the pipe (SIGPIPE). So
 * `yes | head -3` behaves as in bash: 141 under pipefail (as Bazel's genrule setup has it), 0 without. A real
 * `yes` whose reader never stops (`yes > file`, `yes` to stdout) writes until the output limit; this one
 * records its output size in `state`, and runShell reports the output limit when that much reached stdout,
 * stderr or a file. (Just past 1 MiB, so that such a flood on stdout is, as a real one would be, too large
 * for Bazel's 1 MiB console limit on an action's output.)
 */
function yesCommand(state: GnuRunState): Command {
  return {
    name: 'yes',
    trusted: true,
    async execute(args, ctx) {
      const text = (args[0] === '--' ? args.slice(1) : args).join(' ') || 'y';
      const line = text + '\n';
      const lineBytes = utf8Encode(line).length;
      const count = Math.floor(Math.min(YES_MAX_BYTES, ctx.limits.maxOutputSize / 4) / lineBytes) + 1;
      state.yesBytes = Math.max(state.yesBytes, count * lineBytes);
      return { stdout: line.repeat(count), stderr: '', exitCode: 141 };
    },
  };
}

/** just-bash's uniq with GNU's `-c` layout: the count right-aligned in 7 columns, then a space. */
function uniqCommand(): Command {
  return {
    name: 'uniq',
    trusted: true,
    async execute(args, ctx) {
      if (!ctx.origCommand) return { stdout: '', stderr: 'uniq: command not available\n', exitCode: 127 };
      const result = await ctx.origCommand(args);
      const counting = args.some((a) => a === '--count' || /^-[a-zA-Z]*c/.test(a) && !a.startsWith('--'));
      const zero = args.some((a) => a === '-z' || a === '--zero-terminated');
      if (!counting || zero || result.exitCode !== 0) return result;
      const stdout = result.stdout.replace(/^ *(\d+) /gm, (_m, n: string) => `${n.padStart(7, ' ')} `);
      return { ...result, stdout };
    },
  };
}

/**
 * just-bash's wc with GNU's column width: one count of one input is not padded; otherwise every count is
 * padded to the digits of the inputs' total size, and to at least 7 when one input is not a regular file
 * (stdin). coreutils 9.1 wc.c, compute_number_width().
 */
function wcCommand(): Command {
  return {
    name: 'wc',
    trusted: true,
    async execute(args, ctx) {
      if (!ctx.origCommand) return { stdout: '', stderr: 'wc: command not available\n', exitCode: 127 };
      const result = await ctx.origCommand(args);
      let counters = 0;
      const operands: string[] = [];
      let options = true;
      for (const a of args) {
        if (options && a === '--') options = false;
        else if (options && a.startsWith('--')) {
          if (['--lines', '--words', '--bytes', '--chars', '--max-line-length'].includes(a)) counters++;
        } else if (options && a.startsWith('-') && a !== '-') {
          for (const f of a.slice(1)) if ('lwcmL'.includes(f)) counters++;
        } else operands.push(a);
      }
      counters ||= 3;
      const inputs = operands.length || 1;
      let width = 1;
      if (!(counters === 1 && inputs === 1)) {
        let total = 0;
        let minimum = operands.length === 0 ? 7 : 1;
        for (const name of operands) {
          if (name === '-') {
            minimum = 7;
            continue;
          }
          const path = ctx.fs.resolvePath(ctx.cwd, name);
          if (!(await ctx.fs.exists(path))) continue;
          const st = await ctx.fs.stat(path);
          if (st.isFile) total += st.size;
          else minimum = 7;
        }
        width = Math.max(String(total).length, minimum);
      }
      const row = new RegExp(`^ *${Array(counters).fill('(\\d+)').join(' +')}(?: (.*))?$`);
      const stdout = result.stdout.replace(/^.*$/gm, (line) => {
        const m = row.exec(line);
        if (!m) return line;
        const counts = m.slice(1, counters + 1).map((n) => n.padStart(width, ' ')).join(' ');
        return m[counters + 1] === undefined ? counts : `${counts} ${m[counters + 1]}`;
      });
      return { ...result, stdout };
    },
  };
}

/** just-bash's paste, which wants a file operand: with none, GNU paste reads stdin, so pass '-'. */
function pasteCommand(): Command {
  return {
    name: 'paste',
    trusted: true,
    async execute(args, ctx) {
      if (!ctx.origCommand) return { stdout: '', stderr: 'paste: command not available\n', exitCode: 127 };
      let operands = 0;
      let options = true;
      for (let i = 0; i < args.length; i++) {
        const a = args[i];
        if (options && a === '--') options = false;
        else if (options && a.startsWith('-') && a !== '-') {
          if (/^-[sz]*d$/.test(a)) i++; // -d DELIMS as two arguments
        } else operands++;
      }
      return ctx.origCommand(operands === 0 ? [...args, '-'] : args);
    },
  };
}

const TEMP_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * GNU mktemp with deterministic names: the X's are filled from a per-run counter instead of randomness, so
 * a run's outputs do not depend on chance. Supports -d, -u, -q, -p DIR, --tmpdir[=DIR], -t and TEMPLATE.
 */
function mktempCommand(): Command {
  let serial = 0;
  return {
    name: 'mktemp',
    trusted: true,
    async execute(args, ctx) {
      let dir = false;
      let dryRun = false;
      let quiet = false;
      let tmpdir: string | undefined;
      let useTmpdir = false;
      let template: string | undefined;
      const fail = (message: string): ExecResult => ({ stdout: '', stderr: quiet ? '' : `mktemp: ${message}\n`, exitCode: 1 });
      for (let i = 0; i < args.length; i++) {
        const a = args[i];
        if (a === '-d' || a === '--directory') dir = true;
        else if (a === '-u' || a === '--dry-run') dryRun = true;
        else if (a === '-q' || a === '--quiet') quiet = true;
        else if (a === '-t') useTmpdir = true;
        else if (a === '-p') {
          tmpdir = args[++i];
          useTmpdir = true;
        } else if (a === '--tmpdir') useTmpdir = true;
        else if (a.startsWith('--tmpdir=')) {
          tmpdir = a.slice('--tmpdir='.length);
          useTmpdir = true;
        } else if (/^-[dqut]+$/.test(a)) {
          for (const f of a.slice(1)) {
            if (f === 'd') dir = true;
            if (f === 'u') dryRun = true;
            if (f === 'q') quiet = true;
            if (f === 't') useTmpdir = true;
          }
        } else if (a.startsWith('-') && a !== '-') return fail(`invalid option -- '${a.slice(1)}'`);
        else if (template === undefined) template = a;
        else return fail(`too many templates`);
      }
      if (template === undefined) {
        template = 'tmp.XXXXXXXXXX';
        useTmpdir = true;
      }
      const xs = /X*$/.exec(template)![0].length;
      if (xs < 3) return fail(`too few X's in template '${template}'`);
      let base = '';
      if (useTmpdir) {
        if (template.includes('/')) return fail(`invalid template, '${template}', contains directory separator`);
        base = (tmpdir || ctx.env.get('TMPDIR') || '/tmp').replace(/\/+$/, '') + '/';
      }
      const stem = template.slice(0, template.length - xs);
      for (let attempt = 0; attempt < 1000; attempt++) {
        let n = ++serial * 2654435761;
        let fill = '';
        for (let k = 0; k < xs; k++) {
          fill += TEMP_CHARS[n % TEMP_CHARS.length];
          n = Math.floor(n / TEMP_CHARS.length) + k * 7919;
        }
        const name = base + stem + fill;
        const path = ctx.fs.resolvePath(ctx.cwd, name);
        if (await ctx.fs.exists(path)) continue;
        if (!dryRun) {
          const parent = path.slice(0, path.lastIndexOf('/')) || '/';
          if (!(await ctx.fs.exists(parent))) {
            return fail(`failed to create ${dir ? 'directory' : 'file'} via template '${base + template}': No such file or directory`);
          }
          if (dir) {
            await ctx.fs.mkdir(path);
            await ctx.fs.chmod(path, 0o700);
          } else {
            await ctx.fs.writeFile(path, '');
            await ctx.fs.chmod(path, 0o600);
          }
        }
        return ok(name + '\n');
      }
      return fail(`failed to create file via template '${base + template}': File exists`);
    },
  };
}

/**
 * just-bash's env/printenv listing the environment: without `?` and SHELLOPTS, which it lists but bash does
 * not export, and with `_` set to the command's path, as bash sets it in a child's environment (a genrule's
 * `env` shows PATH, PWD, SHLVL, TMPDIR and `_`). Other uses (`env X=1 cmd`, `printenv NAME`) are unchanged.
 */
function envCommand(name: 'env' | 'printenv'): Command {
  return {
    name,
    trusted: true,
    async execute(args, ctx) {
      if (!ctx.origCommand) return { stdout: '', stderr: `${name}: command not available\n`, exitCode: 127 };
      const result = await ctx.origCommand(args);
      if (args.length > 0 || result.exitCode !== 0) return result;
      const lines = result.stdout.split('\n').filter((l) => l !== '' && !l.startsWith('?=') && !l.startsWith('SHELLOPTS=') && !l.startsWith('_='));
      lines.push(`_=/usr/bin/${name}`);
      return { ...result, stdout: lines.join('\n') + '\n' };
    },
  };
}

/**
 * The commands the adapter adds to just-bash's own; mktemp keeps a counter and yes reports to `state`, so
 * make a fresh set per run.
 */
export function gnuCommands(jb: JustBashModule, state: GnuRunState = { yesBytes: 0 }): Command[] {
  return [cmpCommand(jb), yesCommand(state), uniqCommand(), wcCommand(), pasteCommand(), mktempCommand(), envCommand('env'), envCommand('printenv')];
}
