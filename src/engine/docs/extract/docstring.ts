// Function docstring parsing, line for line as Bazel's DocstringUtils.parseDocstring: a one-line summary, a
// blank line, a free-form description, then the special sections `Args:` (or `Arguments:`), `Returns:` and
// `Deprecated:` in that order, each preceded by a blank line. Errors carry Bazel's messages and 1-based line
// numbers within the (already trimmed) docstring; any error makes extraction fail.
//
//   Args:                           parameter lines share one indentation and match
//     name (attr, …): description   `\s*([*\w]+)( \(\s*(.*)\s*\))?: (.*)`; deeper lines continue the
//       more description            description (dedented to their smallest indentation, joined with \n)
//   Returns:                        section bodies: lines indented by two spaces lose those two; a
//     what it returns               line at indentation 0 ends the section

export interface ParamDoc {
  readonly name: string;
  readonly attributes: readonly string[];
  readonly description: string;
}

export interface DocstringInfo {
  readonly summary: string;
  readonly params: readonly ParamDoc[];
  readonly returns: string;
  readonly deprecated: string;
  readonly longDescription: string;
}

export interface DocstringError {
  readonly message: string;
  readonly line: number;
}

const PARAM_LINE = /^\s*([*\w]+)( \(\s*(.*)\s*\))?: (.*)$/s;

function indentation(line: string): number {
  let i = 0;
  while (i < line.length && line[i] === ' ') i++;
  return i;
}

/** Java's String.trim(): strips characters <= U+0020 at both ends. */
function javaTrim(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && s.charCodeAt(a) <= 32) a++;
  while (b > a && s.charCodeAt(b - 1) <= 32) b--;
  return s.slice(a, b);
}

class Parser {
  private lineNumber = 0;
  private blankLineBefore = false;
  private specialSectionsStarted = false;
  private line = '';
  private readonly lines: string[];
  readonly errors: DocstringError[] = [];

  constructor(doc: string) {
    this.lines = doc.split('\n');
    this.nextLine();
  }

  private nextLine(): boolean {
    if (this.lineNumber < this.lines.length) {
      this.blankLineBefore = javaTrim(this.line) === '';
      this.line = this.lines[this.lineNumber]!;
      this.lineNumber++;
      return true;
    }
    this.line = '';
    this.lineNumber = this.lines.length + 1;
    return false;
  }

  private eof(): boolean {
    return this.lineNumber > this.lines.length;
  }

  private error(message: string, line = this.lineNumber): void {
    this.errors.push({ message, line });
  }

  parse(): DocstringInfo {
    const summary = this.line;
    let nonStandardDeprecation = this.checkForNonStandardDeprecation(this.line);
    if (!this.nextLine()) return { summary, params: [], returns: '', deprecated: nonStandardDeprecation, longDescription: '' };
    if (this.line !== '') this.error('the one-line summary should be followed by a blank line');
    else this.nextLine();
    const longDescription: string[] = [];
    const params: ParamDoc[] = [];
    let returns = '';
    let deprecated = '';
    let bodyAfterSectionsReported = false;
    while (!this.eof()) {
      switch (this.line) {
        case 'Args:':
        case 'Arguments:':
          this.checkSectionStart(params.length > 0);
          if (returns !== '') this.error("'Args:' section should go before the 'Returns:' section");
          if (deprecated !== '') this.error("'Args:' section should go before the 'Deprecated:' section");
          params.push(...this.parseParameters());
          break;
        case 'Returns:':
          this.checkSectionStart(returns !== '');
          if (deprecated !== '') this.error("'Returns:' section should go before the 'Deprecated:' section");
          returns = this.parseSectionAfterHeading();
          break;
        case 'Deprecated:':
          this.checkSectionStart(deprecated !== '');
          deprecated = this.parseSectionAfterHeading();
          break;
        default:
          if (this.specialSectionsStarted && !bodyAfterSectionsReported) {
            this.error('description body should go before the special sections');
            bodyAfterSectionsReported = true;
          }
          if (deprecated === '' && nonStandardDeprecation === '') {
            nonStandardDeprecation = this.checkForNonStandardDeprecation(this.line);
          }
          if (this.line.startsWith('Returns: ')) {
            this.error(
              'the return value should be documented in a section, like this:\n\nReturns:\n  <documentation here>\n\nFor more details, please have a look at the documentation.',
            );
          }
          longDescription.push(this.line);
          this.nextLine();
      }
    }
    if (deprecated === '') deprecated = nonStandardDeprecation;
    return { summary, params, returns, deprecated, longDescription: longDescription.join('\n') };
  }

  private checkSectionStart(duplicate: boolean): void {
    this.specialSectionsStarted = true;
    if (!this.blankLineBefore) this.error('section should be preceded by a blank line');
    if (duplicate) this.error(`duplicate '${this.line}' section`);
  }

  private checkForNonStandardDeprecation(line: string): string {
    if (line.toLowerCase().startsWith('deprecated:') || line.includes('DEPRECATED')) {
      this.error(
        "use a 'Deprecated:' section for deprecations, similar to a 'Returns:' section:\n\nDeprecated:\n  <reason and alternative>\n\nFor more details, please have a look at the documentation.",
      );
      return line;
    }
    return '';
  }

  private parseParameters(): ParamDoc[] {
    const sectionLine = this.lineNumber;
    this.nextLine();
    const params: ParamDoc[] = [];
    let expected = -1;
    while (!this.eof()) {
      if (this.line === '') {
        this.nextLine();
        continue;
      }
      const actual = indentation(this.line);
      if (actual === 0) {
        if (!this.blankLineBefore) this.error("end of 'Args' section without blank line");
        break;
      }
      if (expected === -1) expected = actual;
      if (expected !== actual) {
        this.error(`inconsistent indentation of parameter lines (before: ${expected}; here: ${actual} spaces)`);
      }
      const paramLine = this.lineNumber;
      const m = PARAM_LINE.exec(this.line.slice(actual));
      if (!m) {
        this.error('invalid parameter documentation (expected format: "parameter_name: documentation"). For more details, please have a look at the documentation.');
        this.nextLine();
        continue;
      }
      const name = m[1]!;
      const attributes = m[3] === undefined ? [] : m[3].split(/\s*,\s*/);
      let description = m[4]!;
      description += this.parseContinuation(actual);
      description = javaTrim(description);
      if (description === '') this.error(`empty parameter description for '${name}'`, paramLine);
      params.push({ name, attributes, description });
    }
    if (params.length === 0) this.error('section is empty or badly formatted', sectionLine);
    return params;
  }

  private parseContinuation(baseline: number): string {
    const buffer: string[] = [];
    let cont = Infinity;
    while (this.nextLine()) {
      if (this.line !== '') {
        if (indentation(this.line) <= baseline) break;
        cont = Math.min(indentation(this.line), cont);
      }
      buffer.push(this.line);
    }
    let out = '';
    for (const l of buffer) out += '\n' + (l === '' ? '' : l.slice(cont));
    return out;
  }

  private parseSectionAfterHeading(): string {
    const sectionLine = this.lineNumber;
    this.nextLine();
    let contents = '';
    let first = true;
    while (!this.eof()) {
      let trimmed: string;
      if (this.line === '') trimmed = this.line;
      else if (indentation(this.line) === 0) {
        if (!this.blankLineBefore) this.error('end of section without blank line');
        break;
      } else if (indentation(this.line) < 2) {
        this.error('text in a section has to be indented by two spaces (relative to the left margin of the docstring)');
        trimmed = this.line.slice(indentation(this.line));
      } else trimmed = this.line.slice(2);
      if (!first) contents += '\n';
      contents += trimmed;
      this.nextLine();
      first = false;
    }
    const result = javaTrim(contents);
    if (result === '') this.error('section is empty', sectionLine);
    return result;
  }
}

/** Parses a trimmed docstring; `errors` is empty when it is well formed. */
export function parseDocstring(doc: string): { info: DocstringInfo; errors: DocstringError[] } {
  const p = new Parser(doc);
  const info = p.parse();
  return { info, errors: p.errors };
}
