import Papa from 'papaparse';

export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
export type Delimiter = (typeof CSV_DELIMITERS)[number];

/** One non-blank line of the file, with its number as an editor shows it (blank lines counted). */
export interface CsvLine {
  line: number;
  cells: string[];
}

/** The file's lines, with the delimiter set explicitly (papaparse's guess is wrong for some `;` files). */
export function readCsvLines(text: string, delimiter: Delimiter): CsvLine[] {
  const normalized = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const result = Papa.parse<string[]>(normalized, { delimiter, newline: '\n' });
  const lines: CsvLine[] = [];
  let line = 1;
  for (const cells of result.data) {
    const trimmed = cells.map((cell) => cell.trim());
    if (trimmed.some((cell) => cell !== '')) lines.push({ line, cells: trimmed });
    // A quoted cell can hold line breaks: the next row starts that many lines further down.
    line += 1 + cells.reduce((count, cell) => count + (cell.match(/\n/g)?.length ?? 0), 0);
  }
  return lines;
}
