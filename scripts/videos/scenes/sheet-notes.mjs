/** Sheet Notes: the notes for one sheet, written in a document, become a Legend beside the plan. */
import { C, Scene } from '../draw.mjs';

const HEAD = 'SHEET NOTES';
const NOTES = [
  ['1.', 'Slab 200 mm, C32/40.'],
  ['2.', 'Wet areas set down 50.'],
  ['3.', 'Back-prop for 14 days.'],
  ['4.', 'Holes: see detail 5/S-501.'],
];
const DOC = { x: 16, y: 40, w: 224, h: 276 };
const SHEET = { x: 254, y: 40, w: 370, h: 276 };
const PLAN = { x: 266, y: 54, w: 166, h: 206 };
const LEGEND = { x: 442, y: 54, w: 172, h: 152 };
const BUTTON = { x: 494, y: 8, w: 122, h: 22 };
const CLICK = 0.9;
const FIRST_FLOW = 1.4;
const STEP = 0.8;
const FLIGHT = 0.55;

const docY = (i) => DOC.y + 70 + i * 34;
const legendY = (i) => LEGEND.y + 34 + i * 30;

/** A framing plan: grid lines, columns and beams, so the sheet reads as a plan sheet. */
function plan(s) {
  const xs = [PLAN.x + 16, PLAN.x + 83, PLAN.x + 150];
  const ys = [PLAN.y + 30, PLAN.y + 110, PLAN.y + 190];
  xs.forEach((x) => s.line(x, PLAN.y + 14, PLAN.h - 14, true, C.stroke));
  ys.forEach((y) => s.line(PLAN.x + 4, y, PLAN.w - 8, false, C.stroke));
  ys.forEach((y) => s.rect(xs[0], y - 1, xs[2] - xs[0], 3, C.muted));
  xs.forEach((x) => s.rect(x - 1, ys[0], 3, ys[2] - ys[0], C.faint));
  xs.forEach((x) => ys.forEach((y) => s.rect(x - 4, y - 4, 9, 9, C.ink)));
  s.rect(xs[1] + 12, ys[0] + 14, 40, 40, C.accentSoft);
  s.outline(xs[1] + 12, ys[0] + 14, 40, 40, C.faint);
}

export function build() {
  const s = new Scene({ duration: 7.5 });
  s.header('SHEET NOTES');

  s.panel(DOC.x, DOC.y, DOC.w, DOC.h, 'S-201 Sheet Notes.docx');
  s.rect(DOC.x + 10, DOC.y + 30, DOC.w - 20, DOC.h - 40, '0x13263f');
  s.text(HEAD, DOC.x + 22, DOC.y + 42, { size: 12, font: 'serifBold' });
  NOTES.forEach(([n, note], i) => {
    s.text(n, DOC.x + 22, docY(i), { size: 11, font: 'serifBold' });
    s.text(note, DOC.x + 42, docY(i), { size: 11, font: 'serif' });
  });

  s.sheet(SHEET.x, SHEET.y, SHEET.w, SHEET.h, 'S-201', 'FRAMING PLANS');
  plan(s);
  s.text('LEVEL 1 FRAMING PLAN', PLAN.x + 4, PLAN.y + PLAN.h + 10, { size: 10, font: 'bold' });
  s.outline(LEGEND.x, LEGEND.y, LEGEND.w, LEGEND.h, C.stroke);

  s.rect(BUTTON.x, BUTTON.y, BUTTON.w, BUTTON.h, C.panelBar);
  s.outline(BUTTON.x, BUTTON.y, BUTTON.w, BUTTON.h, C.stroke, { to: CLICK });
  s.outline(BUTTON.x, BUTTON.y, BUTTON.w, BUTTON.h, C.accent, { from: CLICK, thickness: 2 });
  s.text('▤  Sheet Notes', BUTTON.x + 14, BUTTON.y + 4, { size: 11, font: 'bold' });

  // Heading first, then each note: highlighted in the document, carried over, set in the Legend.
  const starts = [0, ...NOTES.map((_, i) => i + 1)].map((i) => FIRST_FLOW + i * STEP);
  const lands = starts.map((t) => t + FLIGHT);
  s.rect(DOC.x + 14, DOC.y + 38, DOC.w - 28, 22, C.accentSoft, {
    from: starts[0] - 0.2,
    to: lands[0] + 0.2,
  });
  s.fly(HEAD, [DOC.x + 22, DOC.y + 42], [LEGEND.x + 10, LEGEND.y + 10], starts[0], lands[0]);
  s.text(HEAD, LEGEND.x + 10, LEGEND.y + 10, { size: 11, font: 'serifBold', from: lands[0] });
  NOTES.forEach(([n, note], i) => {
    const from = lands[i + 1];
    s.rect(DOC.x + 14, docY(i) - 5, DOC.w - 28, 24, C.accentSoft, {
      from: starts[i + 1] - 0.2,
      to: from + 0.2,
    });
    s.fly(`${n} ${note}`, [DOC.x + 22, docY(i)], [LEGEND.x + 10, legendY(i)], starts[i + 1], from, {
      font: 'sans',
      size: 10,
    });
    s.text(n, LEGEND.x + 10, legendY(i), { size: 10, font: 'serifBold', from });
    s.text(note, LEGEND.x + 26, legendY(i), { size: 10, font: 'serif', color: C.ink, from });
  });
  const done = lands.at(-1);
  s.outline(LEGEND.x - 1, LEGEND.y - 1, LEGEND.w + 2, LEGEND.h + 2, C.accent, {
    from: done,
    thickness: 2,
  });

  s.cursor([
    [0, 660, 230],
    [0.3, 660, 230],
    [CLICK - 0.1, BUTTON.x + 60, BUTTON.y + 15],
    [CLICK + 0.3, BUTTON.x + 60, BUTTON.y + 15],
    [CLICK + 1.0, 660, 230],
  ]);
  s.click(BUTTON.x + 60, BUTTON.y + 12, CLICK);

  s.captions([
    [0, FIRST_FLOW, 'Write the notes for this sheet in a document'],
    [FIRST_FLOW, done + 0.2, 'Sheet Notes sets them in a Legend view on the sheet'],
    [done + 0.2, 7.5, 'Plan and notes together, formatting kept'],
  ]);
  return s;
}
