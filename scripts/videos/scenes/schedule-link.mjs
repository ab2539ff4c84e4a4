/** Schedule Link: an edit in the spreadsheet reaches the schedule, and an edit there comes back. */
import { C, Scene } from '../draw.mjs';

const ROWS = [
  ['C1', '250UC72', '4'],
  ['C2', '200UC46', '6'],
  ['C3', '310UC97', '2'],
  ['C4', '250UC72', '8'],
];
const XL = { x: 16, y: 58, w: 268, h: 232 };
const SCH = { x: 356, y: 58, w: 268, h: 232 };
/** Spreadsheet columns (row numbers, A, B, C) and schedule columns (MARK, SECTION, COUNT). */
const XC = [24, 44, 100, 200, 264];
const SC = [368, 428, 548, 612];
const xRow = (r) => XL.y + 46 + r * 24;
const sRow = (r) => SCH.y + 74 + r * 24;
/** The two edits: which data row and column, the new value, and their timings. */
const A = { row: 1, col: 2, value: '9', click: 1.0, typed: 1.4, land: 2.05 };
const B = { row: 2, col: 1, value: '310UC118', click: 3.3, typed: 3.7, land: 4.35 };

/** Right-aligned numbers, left-aligned text, like both applications show them. */
function cell(s, cols, y, col, str, opts = {}) {
  const numeric = col === 2;
  const x = numeric ? cols[col + 1] - 8 : cols[col] + 7;
  s.text(str, x, y + 6, {
    size: 11,
    align: numeric ? 'right' : undefined,
    font: col === 0 ? 'bold' : 'sans',
    ...opts,
  });
}

/** Original value until the edit lands at `at`, then the new value in accent, with a flash. */
function changingCell(s, cols, y, col, before, after, at) {
  cell(s, cols, y, col, before, { to: at });
  cell(s, cols, y, col, after, { from: at, color: C.accent, font: 'bold' });
  s.outline(cols[col], y, cols[col + 1] - cols[col] + 1, 25, C.accent, {
    from: at,
    to: at + 0.8,
    thickness: 2,
  });
}

function spreadsheet(s) {
  s.panel(XL.x, XL.y, XL.w, XL.h, 'Column Schedule.xlsx');
  s.rect(XC[0], XL.y + 28, XC[4] - XC[0], 18, C.panelBar);
  s.rect(XC[0], XL.y + 28, 20, 7 * 24 + 18, C.panelBar);
  ['A', 'B', 'C'].forEach((c, i) =>
    s.text(c, (XC[i + 1] + XC[i + 2]) / 2, XL.y + 31, {
      size: 10,
      color: C.muted,
      align: 'center',
    }),
  );
  for (let r = 0; r < 7; r += 1) {
    s.line(XC[0], xRow(r), XC[4] - XC[0], false, C.gridMajor);
    s.text(String(r + 1), XC[0] + 10, xRow(r) + 6, { size: 10, color: C.muted, align: 'center' });
  }
  XC.forEach((x) => s.line(x, XL.y + 28, 7 * 24 + 18, true, C.gridMajor));
  ['Mark', 'Section', 'Qty'].forEach((h, c) =>
    s.text(h, c === 2 ? XC[4] - 8 : XC[c + 1] + 7, xRow(0) + 6, {
      size: 11,
      font: 'bold',
      align: c === 2 ? 'right' : undefined,
    }),
  );
  const cols = XC.slice(1);
  ROWS.forEach((row, r) => {
    row.forEach((v, c) => {
      const y = xRow(r + 1);
      if (r === A.row && c === A.col) changingCell(s, cols, y, c, v, A.value, A.typed);
      else if (r === B.row && c === B.col) changingCell(s, cols, y, c, v, B.value, B.land);
      else cell(s, cols, y, c, v);
    });
  });
  s.outline(cols[A.col], xRow(A.row + 1), cols[A.col + 1] - cols[A.col] + 1, 25, C.accent, {
    from: A.click,
    to: A.typed,
    thickness: 2,
  });
}

function schedule(s) {
  s.panel(SCH.x, SCH.y, SCH.w, SCH.h, 'Schedule view');
  s.text('COLUMN SCHEDULE', (SC[0] + SC[3]) / 2, SCH.y + 32, {
    size: 12,
    font: 'bold',
    align: 'center',
  });
  s.outline(SC[0] - 1, sRow(0) - 1, SC[3] - SC[0] + 2, 5 * 24 + 3, C.muted, { thickness: 2 });
  s.rect(SC[0] + 1, sRow(0) + 1, SC[3] - SC[0] - 2, 23, C.panelBar);
  for (let r = 1; r < 5; r += 1) s.line(SC[0], sRow(r), SC[3] - SC[0], false, C.stroke);
  SC.slice(1, 3).forEach((x) => s.line(x, sRow(0), 5 * 24, true, C.stroke));
  ['MARK', 'SECTION', 'COUNT'].forEach((h, c) =>
    s.text(h, c === 2 ? SC[3] - 8 : SC[c] + 7, sRow(0) + 6, {
      size: 10,
      font: 'bold',
      color: C.muted,
      align: c === 2 ? 'right' : undefined,
    }),
  );
  ROWS.forEach((row, r) => {
    row.forEach((v, c) => {
      const y = sRow(r + 1);
      if (r === A.row && c === A.col) changingCell(s, SC, y, c, v, A.value, A.land);
      else if (r === B.row && c === B.col) changingCell(s, SC, y, c, v, B.value, B.typed);
      else cell(s, SC, y, c, v);
    });
  });
  s.outline(SC[B.col], sRow(B.row + 1), SC[B.col + 1] - SC[B.col] + 1, 25, C.accent, {
    from: B.click,
    to: B.typed,
    thickness: 2,
  });
}

export function build() {
  const s = new Scene({ duration: 7.5 });
  s.header('SCHEDULE LINK');
  spreadsheet(s);
  schedule(s);

  // Link arrows between the two: the active direction lights up while a value travels.
  const mid = (XL.x + XL.w + SCH.x) / 2;
  s.text('→', mid, 120, { size: 30, color: C.faint, align: 'center' });
  s.text('→', mid, 120, {
    size: 30,
    color: C.accent,
    align: 'center',
    from: A.typed,
    to: A.land + 0.4,
  });
  s.text('←', mid, 180, { size: 30, color: C.faint, align: 'center' });
  s.text('←', mid, 180, {
    size: 30,
    color: C.accent,
    align: 'center',
    from: B.typed,
    to: B.land + 0.4,
  });
  s.text('linked', mid, 160, { size: 10, color: C.muted, align: 'center' });

  s.fly(
    A.value,
    [XC[4] - 20, xRow(A.row + 1) + 6],
    [SC[3] - 20, sRow(A.row + 1) + 6],
    A.typed + 0.1,
    A.land,
  );
  s.fly(
    B.value,
    [SC[1] + 7, sRow(B.row + 1) + 6],
    [XC[2] + 7, xRow(B.row + 1) + 6],
    B.typed + 0.1,
    B.land,
  );

  s.cursor([
    [0, 660, 230],
    [0.3, 660, 230],
    [A.click - 0.05, XC[3] + 20, xRow(A.row + 1) + 18],
    [A.typed + 0.3, XC[3] + 20, xRow(A.row + 1) + 18],
    [B.click - 0.05, SC[1] + 90, sRow(B.row + 1) + 18],
    [B.typed + 0.4, SC[1] + 90, sRow(B.row + 1) + 18],
    [B.land + 1.0, 660, 230],
  ]);
  s.click(XC[3] + 20, xRow(A.row + 1) + 14, A.click);
  s.click(SC[1] + 90, sRow(B.row + 1) + 14, B.click);

  s.captions([
    [0, 2.9, 'Change a quantity in the spreadsheet: the schedule updates'],
    [2.9, 5.0, 'Change a section in the schedule: the spreadsheet updates'],
    [5.0, 7.5, 'One set of data, linked both ways'],
  ]);
  return s;
}
