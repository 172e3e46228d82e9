// Source files and the one line index that turns UTF-16 offsets into 1-based line/column positions.

/** A half-open range of UTF-16 offsets into one file's text. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** A 1-based line and 1-based column, both counted in UTF-16 code units (what Monaco uses). */
export interface Position {
  readonly line: number;
  readonly column: number;
}

/**
 * Maps offsets to line/column and back. Built once per file text; lookups are a binary search over the
 * offsets at which lines start. `\n`, `\r\n` and a lone `\r` all end a line.
 */
export class LineIndex {
  private readonly lineStarts: number[];

  constructor(readonly text: string) {
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) starts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
    this.lineStarts = starts;
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  position(offset: number): Position {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: o - this.lineStarts[lo] + 1 };
  }

  offset(pos: Position): number {
    const line = Math.max(1, Math.min(pos.line, this.lineStarts.length));
    return Math.min(this.lineStarts[line - 1] + pos.column - 1, this.text.length);
  }

  /** The text of a 1-based line without its line terminator. */
  lineText(line: number): string {
    const start = this.lineStarts[line - 1] ?? this.text.length;
    const next = this.lineStarts[line] ?? this.text.length;
    return this.text.slice(start, next).replace(/\r?\n$|\r$/, '');
  }
}

/** One file of the virtual workspace: its workspace-relative path, its text and its line index. */
export class SourceFile {
  private index?: LineIndex;

  constructor(
    readonly path: string,
    readonly text: string,
  ) {}

  get lines(): LineIndex {
    return (this.index ??= new LineIndex(this.text));
  }
}
