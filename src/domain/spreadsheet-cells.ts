/**
 * A text cell a spreadsheet will show and never run, whatever separator it reads the file with
 * (docs/decisions/072-one-answer-and-one-horizon.md).
 *
 * csv-stringify's escape_formulas guards the start of a cell only, and quotes a cell only for the
 * comma. A spreadsheet in a semicolon locale (or one reading tabs, or pipes) splits `x;=1+1` inside
 * the cell, where the comma file's quotes mean nothing to it, and the part after the `;` starts a
 * cell of its own: `=1+1` ran. So every place a part could start — the cell's start, and just after
 * any separator a reader may use (`,` `;` tab `|` and line breaks) — is looked at past blanks and
 * quote marks, and a part that would start with = + - or @ gets an apostrophe first: spreadsheets
 * read a leading apostrophe as "this is text", and people read the words unchanged.
 */
const PART_START = /(^|[,;\t|\r\n])(?=[\s"]*[=+\-@])/g;

export function formulaSafeCell(text: string): string {
  return text.replace(PART_START, "$1'");
}

/** Whether a cell, as some reader split it, would start a formula (a plain number is not one). */
export function startsFormula(cell: string): boolean {
  const start = cell.replace(/^[\s"]+/, '');
  return /^[=+\-@]/.test(start) && !/^[+-]?\d+(\.\d+)?$/.test(start.replace(/"+$/, ''));
}
