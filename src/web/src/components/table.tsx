import type { ReactNode } from 'react';

export interface Column<T> {
  label: string;
  /** Amounts and counts: right-aligned on a wide screen. */
  num?: boolean;
  cell: (row: T) => ReactNode;
}

/**
 * A list as a table (cards on a phone: each cell repeats its column's label, see styles.css).
 * `rowTestId` names a row for tests.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  caption,
  testId,
  rowTestId,
}: {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  caption?: string;
  testId?: string;
  rowTestId?: (row: T) => string;
}) {
  return (
    <table className="list" data-testid={testId}>
      {caption && <caption className="muted">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.label} scope="col" className={c.num ? 'num' : undefined}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={rowKey(row, i)} data-testid={rowTestId?.(row)}>
            {columns.map((c) => (
              <td key={c.label} data-label={c.label} className={c.num ? 'num' : undefined}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
