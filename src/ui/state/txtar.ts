// txtar (golang.org/x/tools/txtar): a comment, then files as `-- path --` lines followed by their text. What
// "Copy as text" writes and what import reads, so a workspace can travel in an issue or a chat message.

export interface Txtar {
  comment: string;
  files: Record<string, string>;
}

const MARKER = /^-- (.+?) --$/;

export function formatTxtar(files: Record<string, string>, comment = ''): string {
  let out = comment && !comment.endsWith('\n') ? comment + '\n' : comment;
  for (const path of Object.keys(files).sort()) {
    const text = files[path];
    out += `-- ${path} --\n` + text + (text && !text.endsWith('\n') ? '\n' : '');
  }
  return out;
}

export function parseTxtar(text: string): Txtar {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const files: Record<string, string> = {};
  const comment: string[] = [];
  let current: string | null = null;
  let body: string[] = [];
  const flush = () => {
    if (current !== null) files[current] = body.length ? body.join('\n') + '\n' : '';
  };
  // A final empty element means the text ended with a newline.
  if (lines[lines.length - 1] === '') lines.pop();
  for (const line of lines) {
    const m = MARKER.exec(line);
    if (m) {
      flush();
      current = m[1].trim();
      body = [];
    } else if (current === null) comment.push(line);
    else body.push(line);
  }
  flush();
  return { comment: comment.length ? comment.join('\n') + '\n' : '', files };
}

/** True when the text has at least one `-- path --` line. */
export function looksLikeTxtar(text: string): boolean {
  return text.split(/\r?\n/).some((l) => MARKER.test(l));
}
