import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable, type Column } from '../../src/islands/shared/DataTable';

interface Row {
  id: string;
  name: string;
  seen: string;
}

const columns: (Column<Row> | false)[] = [
  { header: 'Device and browser', label: 'Device', rowHeader: true, cell: (row) => row.name },
  {
    header: 'Last seen',
    className: 'usage-nowrap',
    title: (row) => row.id,
    cell: (row) => row.seen,
  },
  false,
  { header: 'Action', action: true, className: 'usage-action', cell: (row) => `Free ${row.id}` },
];

const render = (rows: Row[], extra: Record<string, unknown> = {}) =>
  renderToStaticMarkup(
    createElement(DataTable<Row>, {
      caption: 'Devices, newest first',
      className: 'usage-table',
      columns,
      rows,
      rowKey: (row) => row.id,
      ...extra,
    }),
  );

describe('DataTable', () => {
  it('writes the caption, column and row headers, and a label on each value cell', () => {
    const html = render([{ id: 'd1', name: 'Desk', seen: 'today' }]);
    expect(html).toBe(
      '<div class="usage-table-wrap"><table class="usage-table">' +
        '<caption class="visually-hidden">Devices, newest first</caption>' +
        '<thead><tr><th scope="col">Device and browser</th><th scope="col">Last seen</th>' +
        '<th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>' +
        '<tbody><tr><th scope="row" data-label="Device">Desk</th>' +
        '<td data-label="Last seen" class="usage-nowrap" title="d1">today</td>' +
        '<td class="usage-action">Free d1</td></tr></tbody></table></div>',
    );
  });

  it('wraps labelled values when asked, never the row header or the action', () => {
    const html = render([{ id: 'd1', name: 'Desk', seen: 'today' }], {
      cellClassName: 'console-cell',
    });
    expect(html).toContain('<th scope="row" data-label="Device">Desk</th>');
    expect(html).toContain('title="d1"><div class="console-cell">today</div></td>');
    expect(html).toContain('<td class="usage-action">Free d1</td>');
  });

  it('shows the empty state instead of an empty table, or the table without one', () => {
    expect(render([], { empty: createElement('p', null, 'No devices yet.') })).toBe(
      '<p>No devices yet.</p>',
    );
    expect(render([])).toContain('<tbody></tbody>');
  });

  it('makes sortable headings buttons with aria-sort when the caller sorts', () => {
    const sortable = [
      { header: 'Name', sortKey: 'name', cell: (row: Row) => row.name },
      { header: 'Last seen', sortKey: 'seen', cell: (row: Row) => row.seen },
      { header: 'Action', action: true, cell: (row: Row) => row.id },
    ];
    const html = render([{ id: 'd1', name: 'Desk', seen: 'today' }], {
      columns: sortable,
      sort: { key: 'seen', direction: 'descending' },
      onSort: () => undefined,
    });
    expect(html).toContain(
      '<th scope="col" aria-sort="none"><button type="button" class="table-sort">Name',
    );
    expect(html).toContain(
      '<th scope="col" aria-sort="descending"><button type="button" class="table-sort">Last seen',
    );
    expect(html).toContain('<th scope="col"><span class="visually-hidden">Action</span></th>');
    // Without onSort the headings stay plain text.
    expect(render([], { columns: sortable })).toContain('<th scope="col">Name</th>');
  });
});
