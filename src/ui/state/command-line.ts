// The command line as typed (`bazel query //...`) → argv, with the quoting rules of a POSIX shell that matter
// for Bazel command lines: single quotes, double quotes with backslash escapes, and backslashes outside quotes.

export interface ParsedCommandLine {
  argv: string[];
  error: string | null;
}

export function parseCommandLine(text: string): ParsedCommandLine {
  const argv: string[] = [];
  let current = '';
  let inWord = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return { argv, error: 'unterminated single quote' };
      current += text.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (c === '"') {
      i++;
      inWord = true;
      for (;;) {
        if (i >= text.length) return { argv, error: 'unterminated double quote' };
        const d = text[i];
        if (d === '"') {
          i++;
          break;
        }
        if (d === '\\' && i + 1 < text.length && '"\\$`\n'.includes(text[i + 1])) {
          if (text[i + 1] !== '\n') current += text[i + 1];
          i += 2;
        } else {
          current += d;
          i++;
        }
      }
    } else if (c === '\\') {
      if (i + 1 < text.length && text[i + 1] !== '\n') {
        current += text[i + 1];
        inWord = true;
      }
      i += 2;
    } else if (/\s/.test(c)) {
      if (inWord) argv.push(current);
      current = '';
      inWord = false;
      i++;
    } else {
      current += c;
      inWord = true;
      i++;
    }
  }
  if (inWord) argv.push(current);
  return { argv, error: null };
}

/** The argv for the engine: the command line without a leading `bazel` (which the UI shows as a prompt). */
export function commandArgv(text: string): ParsedCommandLine {
  const parsed = parseCommandLine(text);
  if (parsed.argv[0] === 'bazel' || parsed.argv[0] === 'bazelisk') parsed.argv.shift();
  if (!parsed.error && parsed.argv.length === 0) return { argv: [], error: 'enter a command, such as query //...' };
  return parsed;
}

/** The command line with its command word (`query`, `build`, …) replaced, the rest kept as typed. */
export function withCommand(text: string, command: string): string {
  const m = /^(\s*(?:(?:bazel|bazelisk)\s+)?(?:-\S+\s+)*)(\S+)/.exec(text);
  if (!m) return `bazel ${command} //...`;
  const prefix = m[1].trim() ? m[1] : `bazel ${m[1]}`;
  return prefix + command + text.slice(m[0].length);
}
