import type { ReactNode } from 'react';

/** A row of figures: the first cell names it (a row header), the rest are its numbers. */
export interface FiguresRow {
  key: string;
  cells: [ReactNode, ...ReactNode[]];
  className?: string;
}

/**
 * A table of figures as the staff screens draw them: column headers, then a row a day, week or
 * channel whose first cell is its header. The caption is for screen readers when the card's heading
 * already says it; leave it out where a labelled region around the table names it.
 */
export function FiguresTable({
  caption,
  head,
  rows,
  className = 'dash-table',
}: {
  caption?: string;
  head: string[];
  rows: FiguresRow[];
  className?: string;
}) {
  return (
    <table className={className}>
      {caption ? <caption className="visually-hidden">{caption}</caption> : null}
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(({ key, cells: [name, ...figures], className: rowClass }) => (
          <tr key={key} className={rowClass}>
            <th scope="row">{name}</th>
            {figures.map((cell, i) => (
              <td key={i}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Rows of plain strings, keyed by their first cell (a day, a week). */
export const textRows = (rows: string[][]): FiguresRow[] =>
  rows.map(([name = '', ...rest]) => ({ key: name, cells: [name, ...rest] }));
