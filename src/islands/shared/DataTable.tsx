/**
 * A table of rows, one column definition each: a caption for screen readers, `<th scope="col">`
 * headings, optionally a row header, and a `data-label` on every labelled cell, which the CSS
 * (usage.css, billing.css) shows before the value when the table becomes blocks on narrow screens.
 * Columns with a `sortKey` get a button in their heading and `aria-sort` when `sort` is given; the
 * caller orders the rows.
 */
import type { ReactNode } from 'react';

export interface Column<Row> {
  /** The heading; also the cell's label on narrow screens unless `label` says otherwise. */
  header: string;
  /** A shorter label for narrow screens ("Device" under "Device and browser"). */
  label?: string;
  /**
   * An action column: the heading is for screen readers only and the cells carry no label (the
   * button says what it does).
   */
  action?: boolean;
  /** The cell names the row: `<th scope="row">`, its content never wrapped. */
  rowHeader?: boolean;
  className?: string;
  /** A tooltip for the cell (the full text of a cut value). */
  title?: (row: Row) => string | undefined;
  cell: (row: Row, index: number) => ReactNode;
  /** Sortable: the key `onSort` receives when the heading's button is pressed. */
  sortKey?: string;
}

/** The column the rows are sorted by, and which way. */
export interface TableSort {
  key: string;
  direction: 'ascending' | 'descending';
}

export interface DataTableProps<Row> {
  /** What the rows are and in which order ("Invoices, newest first"). */
  caption: ReactNode;
  /** Left-out columns (`false`) are skipped, for columns shown only sometimes. */
  columns: readonly (Column<Row> | false)[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  /** The table's classes. */
  className: string;
  /** The scrolling wrapper's class. */
  wrapClassName?: string;
  /**
   * Labelled cells put their content in one element of this class, so the label keeps its column
   * however many pieces (badge, text, error) the value has (the console).
   */
  cellClassName?: string;
  /** Shown instead of the table when there are no rows; without it the empty table shows. */
  empty?: ReactNode;
  /** The rows' order, for sortable columns' `aria-sort`; with `onSort`, headings are buttons. */
  sort?: TableSort;
  onSort?: (key: string) => void;
}

export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  className,
  wrapClassName = 'usage-table-wrap',
  cellClassName,
  empty,
  sort,
  onSort,
}: DataTableProps<Row>) {
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;
  const shown = columns.filter((column): column is Column<Row> => column !== false);
  return (
    <div className={wrapClassName}>
      <table className={className}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {shown.map((column) => {
              const sorted = sort && column.sortKey === sort.key ? sort.direction : undefined;
              return (
                <th
                  key={column.header}
                  scope="col"
                  aria-sort={column.sortKey && onSort ? (sorted ?? 'none') : undefined}
                >
                  {column.action ? (
                    <span className="visually-hidden">{column.header}</span>
                  ) : column.sortKey && onSort ? (
                    <button
                      type="button"
                      className="table-sort"
                      onClick={() => onSort(column.sortKey as string)}
                    >
                      {column.header}
                      <span aria-hidden="true" className="table-sort-mark">
                        {sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕'}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {shown.map((column) => (
                <BodyCell
                  key={column.header}
                  column={column}
                  row={row}
                  index={index}
                  wrap={cellClassName}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BodyCell<Row>({
  column,
  row,
  index,
  wrap,
}: {
  column: Column<Row>;
  row: Row;
  index: number;
  wrap: string | undefined;
}) {
  const content = column.cell(row, index);
  const title = column.title?.(row);
  if (column.action)
    return (
      <td className={column.className} title={title}>
        {content}
      </td>
    );
  const label = column.label ?? column.header;
  if (column.rowHeader)
    return (
      <th scope="row" data-label={label} className={column.className} title={title}>
        {content}
      </th>
    );
  return (
    <td data-label={label} className={column.className} title={title}>
      {wrap ? <div className={wrap}>{content}</div> : content}
    </td>
  );
}
