/** General Notes: a formatted word-processor document flows, block by block, into a Legend view. */
import { C, Scene } from '../draw.mjs';

/** The document: a title and three numbered sections, each a bold heading and two lines. */
const TITLE = 'GENERAL NOTES';
const BLOCKS = [
  {
    head: '1.  GENERAL',
    lines: ['All dimensions are in millimeters.', 'Do not scale from drawings.'],
  },
  { head: '2.  CONCRETE', lines: ['Grade C32/40 unless noted.', 'Cover to reinforcement 40 mm.'] },
  {
    head: '3.  STRUCTURAL STEEL',
    lines: ['Grade S355, hot-dip galvanized.', 'Bolts grade 8.8 unless noted.'],
  },
];
const DOC = { x: 20, y: 40, w: 250, h: 276 };
const LEGEND = { x: 314, y: 70, w: 286, h: 190 };
const BUTTON = { x: 494, y: 40, w: 122, h: 22 };
const CLICK = 1.0;
const FIRST_FLOW = 1.5;
const STEP = 0.95;
const FLIGHT = 0.6;

/** Draws the formatted notes at (x, y); `from` makes each block appear when it lands. */
function notes(s, x, y, times = []) {
  s.text(TITLE, x, y, { size: 13, font: 'serifBold', from: times[0] });
  BLOCKS.forEach((b, i) => {
    const from = times[i + 1];
    const by = y + 26 + i * 52;
    s.text(b.head, x, by, { size: 11, font: 'serifBold', from });
    b.lines.forEach((line, k) =>
      s.text(line, x + 18, by + 16 + k * 14, { size: 10, font: 'serif', color: C.muted, from }),
    );
  });
}

export function build() {
  const s = new Scene({ duration: 7.5 });
  s.header('GENERAL NOTES');

  // Word-processor document on the left.
  s.panel(DOC.x, DOC.y, DOC.w, DOC.h, 'General Notes.docx');
  s.rect(DOC.x + 10, DOC.y + 30, DOC.w - 20, DOC.h - 40, '0x13263f');
  notes(s, DOC.x + 22, DOC.y + 44);

  // Sheet with an empty Legend view on the right; the ribbon command sits above it.
  s.sheet(296, 66, 320, 250, 'S-001', 'GENERAL NOTES');
  s.rect(BUTTON.x, BUTTON.y, BUTTON.w, BUTTON.h, C.panelBar);
  s.outline(BUTTON.x, BUTTON.y, BUTTON.w, BUTTON.h, C.stroke, { to: CLICK });
  s.outline(BUTTON.x, BUTTON.y, BUTTON.w, BUTTON.h, C.accent, { from: CLICK, thickness: 2 });
  s.text('▤  General Notes', BUTTON.x + 10, BUTTON.y + 4, { size: 11, font: 'bold' });
  s.outline(LEGEND.x, LEGEND.y, LEGEND.w, LEGEND.h, C.stroke);
  s.text('LEGEND', LEGEND.x + LEGEND.w - 8, LEGEND.y + 6, {
    size: 9,
    color: C.faint,
    align: 'right',
  });

  // Title, then each block: highlighted in the document, carried across, and set in the Legend.
  const starts = [0, 1, 2, 3].map((i) => FIRST_FLOW + i * STEP);
  const lands = starts.map((t) => t + FLIGHT);
  const rows = [DOC.y + 44, ...BLOCKS.map((_, i) => DOC.y + 70 + i * 52)];
  const labels = [TITLE, ...BLOCKS.map((b) => b.head)];
  starts.forEach((t, i) => {
    const h = i === 0 ? 20 : 48;
    s.rect(DOC.x + 14, rows[i] - 4, DOC.w - 28, h, C.accentSoft, {
      from: t - 0.2,
      to: lands[i] + 0.2,
    });
    const target = i === 0 ? LEGEND.y + 14 : LEGEND.y + 40 + (i - 1) * 52;
    s.fly(labels[i], [DOC.x + 22, rows[i]], [LEGEND.x + 16, target], t, lands[i]);
  });
  notes(s, LEGEND.x + 16, LEGEND.y + 14, lands);
  const done = lands.at(-1);
  s.outline(LEGEND.x - 1, LEGEND.y - 1, LEGEND.w + 2, LEGEND.h + 2, C.accent, {
    from: done,
    thickness: 2,
  });

  // View title under the Legend.
  s.rect(LEGEND.x, LEGEND.y + LEGEND.h + 8, 22, 18, C.accent);
  s.text('1', LEGEND.x + 11, LEGEND.y + LEGEND.h + 10, {
    size: 12,
    font: 'bold',
    color: C.bg,
    align: 'center',
  });
  s.text('GENERAL NOTES', LEGEND.x + 30, LEGEND.y + LEGEND.h + 11, { size: 10, font: 'bold' });
  s.line(LEGEND.x + 22, LEGEND.y + LEGEND.h + 25, 150, false, C.muted);

  s.cursor([
    [0, 660, 230],
    [0.3, 660, 230],
    [CLICK - 0.1, BUTTON.x + 60, BUTTON.y + 15],
    [CLICK + 0.3, BUTTON.x + 60, BUTTON.y + 15],
    [CLICK + 1.0, 660, 230],
  ]);
  s.click(BUTTON.x + 60, BUTTON.y + 12, CLICK);

  s.captions([
    [0, FIRST_FLOW, 'Run General Notes on a formatted document'],
    [FIRST_FLOW, done + 0.2, 'Each paragraph is placed in a Legend view'],
    [done + 0.2, 7.5, 'Headings, numbering and bold text are kept'],
  ]);
  return s;
}
