/**
 * MS Office Link: from the Excel and Word add-ins, a spreadsheet table and a document's text are
 * sent into the open model, as a schedule table and as a Legend view.
 */
import { C, Scene } from '../draw.mjs';

const XL = { x: 16, y: 44, w: 196, h: 262 };
const MODEL = { x: 228, y: 44, w: 184, h: 262 };
const DOCX = { x: 428, y: 44, w: 196, h: 262 };
const ROWS = [
  ['Mark', 'Size', 'Depth'],
  ['F1', '1200 sq', '600'],
  ['F2', '1500 sq', '700'],
  ['F3', '1800 sq', '800'],
  ['F4', '2100 sq', '900'],
];
const NOTES = ['Founding on rock, 300 kPa.', 'Blinding 50 mm under pads.', 'Cover to bars 75 mm.'];
const T = { sendTable: 1.0, tableFrom: 1.35, sendText: 3.3, textFrom: 3.65 };
const STEP = 0.28;
/** Where schedule rows and Legend lines land on the model's sheet. */
const rowY = (r) => MODEL.y + 56 + r * 19;
const legendY = (i) => MODEL.y + 172 + i * 19;
const FLIGHT = 0.5;

/** The add-in's button at the foot of an Office pane; it lights up once clicked. */
function sendButton(s, pane, at) {
  const x = pane.x + 14;
  const y = pane.y + pane.h - 36;
  const w = pane.w - 28;
  s.rect(x, y, w, 24, C.panelBar);
  s.outline(x, y, w, 24, C.stroke, { to: at });
  s.outline(x, y, w, 24, C.accent, { from: at, thickness: 2 });
  s.text(pane === XL ? 'Send to model  →' : '←  Send to model', x + w / 2, y + 6, {
    size: 11,
    font: 'bold',
    align: 'center',
  });
  return { x: x + w / 2, y: y + 12 };
}

function spreadsheet(s) {
  s.panel(XL.x, XL.y, XL.w, XL.h, 'Footings.xlsx  ·  Excel');
  const x0 = XL.x + 8;
  const cols = [x0 + 20, x0 + 56, x0 + 122, x0 + 180];
  s.rect(x0, XL.y + 28, 180, 18, C.panelBar);
  s.rect(x0, XL.y + 28, 20, 18 + 7 * 20, C.panelBar);
  ['A', 'B', 'C'].forEach((c, i) =>
    s.text(c, (cols[i] + cols[i + 1]) / 2, XL.y + 31, {
      size: 10,
      color: C.muted,
      align: 'center',
    }),
  );
  for (let r = 0; r < 7; r += 1) {
    const y = XL.y + 46 + r * 20;
    s.line(x0, y, 180, false, C.gridMajor);
    s.text(String(r + 1), x0 + 10, y + 4, { size: 10, color: C.muted, align: 'center' });
    ROWS[r]?.forEach((v, c) =>
      s.text(v, cols[c] + 5, y + 4, { size: 10, font: r === 0 ? 'bold' : 'sans' }),
    );
  }
  cols.forEach((x) => s.line(x, XL.y + 28, 18 + 7 * 20, true, C.gridMajor));
  s.outline(cols[0], XL.y + 46, cols[3] - cols[0], 5 * 20, C.accent, {
    from: T.sendTable - 0.6,
    to: T.tableFrom + 5 * STEP,
    thickness: 2,
  });
  return sendButton(s, XL, T.sendTable);
}

function document(s) {
  s.panel(DOCX.x, DOCX.y, DOCX.w, DOCX.h, 'Notes.docx  ·  Word');
  s.rect(DOCX.x + 8, DOCX.y + 28, DOCX.w - 16, DOCX.h - 72, '0x13263f');
  const x = DOCX.x + 18;
  s.text('FOUNDATION NOTES', x, DOCX.y + 40, { size: 11, font: 'serifBold' });
  NOTES.forEach((n, i) =>
    s.text(`${i + 1}.  ${n}`, x, DOCX.y + 62 + i * 18, { size: 10, font: 'serif' }),
  );
  [130, 144, 158, 176, 190].forEach((y, i) =>
    s.rect(x, DOCX.y + y, i % 3 === 2 ? 100 : 158, 4, C.stroke),
  );
  s.rect(DOCX.x + 12, DOCX.y + 36, DOCX.w - 24, 78, C.accentSoft, {
    from: T.sendText - 0.6,
    to: T.textFrom + 4 * STEP + 0.3,
  });
  return sendButton(s, DOCX, T.sendText);
}

/** The model: a sheet that receives a schedule table (top) and a Legend of notes (bottom). */
function model(s) {
  s.panel(MODEL.x, MODEL.y, MODEL.w, MODEL.h, 'Model  ·  Sheet S-101');
  const x = MODEL.x + 10;
  const w = MODEL.w - 20;
  s.outline(x, MODEL.y + 30, w, 122, C.stroke);
  s.outline(x, MODEL.y + 160, w, 94, C.stroke);
  const cols = [x + 8, x + 44, x + 112];
  ROWS.forEach((row, r) => {
    const from = T.tableFrom + r * STEP + FLIGHT;
    const y = rowY(r);
    if (r === 0)
      s.text('FOOTING SCHEDULE', x + w / 2, MODEL.y + 37, {
        size: 10,
        font: 'bold',
        align: 'center',
        from,
      });
    s.line(x + 4, y - 4, w - 8, false, C.stroke, { from });
    row.forEach((v, c) =>
      s.text(r === 0 ? v.toUpperCase() : v, cols[c], y, {
        size: r === 0 ? 9 : 10,
        font: r === 0 ? 'bold' : 'sans',
        color: r === 0 ? C.muted : C.ink,
        from,
      }),
    );
  });
  const heads = ['FOUNDATION NOTES', ...NOTES.map((n, i) => `${i + 1}. ${n}`)];
  heads.forEach((line, i) => {
    const from = T.textFrom + i * STEP + FLIGHT;
    s.text(line, x + 8, legendY(i), {
      size: i === 0 ? 10 : 9,
      font: i === 0 ? 'serifBold' : 'serif',
      from,
    });
  });
}

export function build() {
  const s = new Scene({ duration: 8 });
  s.header('MS OFFICE LINK');
  const xlButton = spreadsheet(s);
  const docButton = document(s);
  model(s);

  // Rows and lines travel into the model one after another.
  ROWS.forEach((row, r) => {
    const t = T.tableFrom + r * STEP;
    s.fly(row[0], [XL.x + 32, XL.y + 50 + r * 20], [MODEL.x + 18, rowY(r)], t, t + FLIGHT, {
      size: 10,
    });
  });
  ['NOTES', '1.', '2.', '3.'].forEach((label, i) => {
    const t = T.textFrom + i * STEP;
    s.fly(label, [DOCX.x + 18, DOCX.y + 40 + i * 20], [MODEL.x + 18, legendY(i)], t, t + FLIGHT, {
      size: 10,
    });
  });

  s.cursor([
    [0, 660, 230],
    [0.3, 660, 230],
    [T.sendTable - 0.1, xlButton.x + 30, xlButton.y + 3],
    [T.sendTable + 0.9, xlButton.x + 30, xlButton.y + 3],
    [T.sendText - 0.1, docButton.x + 30, docButton.y + 3],
    [T.sendText + 0.5, docButton.x + 30, docButton.y + 3],
    [T.sendText + 1.4, 660, 230],
  ]);
  s.click(xlButton.x + 30, xlButton.y, T.sendTable);
  s.click(docButton.x + 30, docButton.y, T.sendText);

  s.captions([
    [0, 3.0, 'From the Excel add-in, send a table to the model'],
    [3.0, 5.2, 'From the Word add-in, send formatted notes'],
    [5.2, 8, 'Both arrive in the open model: a schedule and a Legend'],
  ]);
  return s;
}
