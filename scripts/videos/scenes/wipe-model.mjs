/** Wipe Model: views, annotations, unused families and company data are purged before sharing. */
import { C, Scene } from '../draw.mjs';

const PLAN = { x: 16, y: 44, w: 372, h: 272 };
const SIDE = { x: 404, y: 44, w: 220, h: 272 };
const BUTTON = { x: SIDE.x + 14, y: SIDE.y + 234, w: SIDE.w - 28, h: 26 };
const CLICK = 1.0;
/** What the command purges, in order, with how many elements each step removes. */
const STEPS = [
  { label: 'Views & sheets', count: 148 },
  { label: 'Annotations & tags', count: 214 },
  { label: 'Dimensions', count: 96 },
  { label: 'Unused families', count: 508 },
  { label: 'Company & project info', count: 24 },
];
const FIRST = 1.4;
const STEP = 0.85;
const starts = STEPS.map((_, i) => FIRST + i * STEP);
const ends = starts.map((t) => t + STEP - 0.1);

/** Plan geometry that stays: walls, columns and grid bubbles. */
function geometry(s) {
  const { x, y } = PLAN;
  s.outline(x + 40, y + 50, 290, 160, C.ink, { thickness: 3 });
  s.rect(x + 160, y + 50, 3, 160, C.ink);
  s.rect(x + 40, y + 130, 120, 3, C.ink);
  s.rect(x + 250, y + 130, 80, 3, C.ink);
  s.rect(x + 84, y + 130, 36, 3, C.sheet);
  for (const gx of [40, 160, 250, 330]) {
    s.line(x + gx + 1, y + 34, 192, true, C.stroke);
    s.text('○', x + gx + 1, y + 18, { size: 18, color: C.muted, align: 'center' });
    for (const gy of [50, 130, 209]) s.rect(x + gx - 3, y + gy - 3, 8, 8, C.muted);
  }
  ['A', 'B', 'C', 'D'].forEach((l, i) =>
    s.text(l, x + [40, 160, 250, 330][i] + 1, y + 22, {
      size: 10,
      font: 'bold',
      color: C.muted,
      align: 'center',
    }),
  );
}

/** Elements a step removes: visible until the step starts, flashing accent while it runs. */
function purgeable(s, step, draw) {
  draw({ to: starts[step] });
  draw({ from: starts[step], to: starts[step] + 0.35, color: C.accent });
}

export function build() {
  const s = new Scene({ duration: 8 });
  s.header('WIPE MODEL');

  s.panel(PLAN.x, PLAN.y, PLAN.w, PLAN.h, 'Model · Level 1 plan', { fill: C.sheet });
  geometry(s);
  const { x, y } = PLAN;
  // Step 1, views & sheets: the view's crop region and the sheet list entries.
  purgeable(s, 0, (o) => s.outline(x + 24, y + 30, 322, 196, o.color ?? C.faint, o));
  // Step 2, annotations: room tags and a text note.
  purgeable(s, 1, (o) => {
    for (const [tx, ty, tag] of [
      [100, 86, 'OFFICE 1.01'],
      [205, 86, 'LAB 1.02'],
      [100, 166, 'STORE 1.03'],
      [292, 166, 'PLANT 1.04'],
    ]) {
      s.text(tag, x + tx, y + ty, {
        size: 10,
        font: 'bold',
        color: o.color ?? C.ink,
        align: 'center',
        ...o,
      });
    }
    s.text('SEE DETAIL 4/S-501', x + 205, y + 188, {
      size: 9,
      color: o.color ?? C.muted,
      align: 'center',
      ...o,
    });
  });
  // Step 3, dimensions along the bottom.
  purgeable(s, 2, (o) => {
    const c = o.color ?? C.muted;
    s.line(x + 40, y + 226, 290, false, c, o);
    for (const gx of [40, 160, 250, 329]) s.rect(x + gx - 2, y + 222, 5, 9, c, o);
    for (const [a, b, v] of [
      [40, 160, '6000'],
      [160, 250, '4500'],
      [250, 330, '4000'],
    ]) {
      s.text(v, x + (a + b) / 2, y + 232, { size: 9, color: c, align: 'center', ...o });
    }
  });
  // Step 5, company and project data in the title strip; replaced by a neutral one.
  purgeable(s, 4, (o) =>
    s.text('ACME ENGINEERING  ·  PROJECT 2417  ·  CONFIDENTIAL', x + PLAN.w / 2, y + 250, {
      size: 10,
      font: 'bold',
      color: o.color ?? C.ink,
      align: 'center',
      ...o,
    }),
  );
  s.text('Geometry kept · ready to share', x + PLAN.w / 2, y + 250, {
    size: 11,
    font: 'bold',
    color: C.accent,
    align: 'center',
    from: ends.at(-1),
  });

  // Side panel: the command's options, progress and the purged counter.
  s.panel(SIDE.x, SIDE.y, SIDE.w, SIDE.h, 'Wipe Model');
  STEPS.forEach((step, i) => {
    const ry = SIDE.y + 34 + i * 24;
    s.text('☑', SIDE.x + 12, ry - 1, { size: 13, color: C.accent });
    s.text(step.label, SIDE.x + 32, ry, { size: 11 });
    s.rect(SIDE.x + 6, ry - 4, SIDE.w - 12, 21, C.accentSoft, { from: starts[i], to: ends[i] });
    s.text(String(step.count), SIDE.x + SIDE.w - 12, ry, {
      size: 10,
      font: 'bold',
      color: C.accent,
      align: 'right',
      from: ends[i],
    });
  });
  // The counter climbs through each step's share as that step runs.
  const ramp = STEPS.map(
    (st, i) => `${st.count}*clip((t-${starts[i]})/${ends[i] - starts[i]},0,1)`,
  ).join('+');
  s.text('PURGED', SIDE.x + 14, SIDE.y + 168, { size: 10, font: 'bold', color: C.muted });
  s.text(`%{eif:floor(${ramp}):d}`, SIDE.x + 14, SIDE.y + 184, {
    size: 26,
    font: 'bold',
    color: C.ink,
    counter: true,
  });
  s.text('elements', SIDE.x + 110, SIDE.y + 196, { size: 11, color: C.muted });

  s.rect(BUTTON.x, BUTTON.y, BUTTON.w, BUTTON.h, C.accent);
  s.text('Wipe model', BUTTON.x + BUTTON.w / 2, BUTTON.y + 6, {
    size: 12,
    font: 'bold',
    color: C.bg,
    align: 'center',
  });
  s.outline(BUTTON.x - 3, BUTTON.y - 3, BUTTON.w + 6, BUTTON.h + 6, C.ink, {
    from: CLICK,
    to: CLICK + 0.4,
    thickness: 2,
  });

  s.cursor([
    [0, 660, 230],
    [0.3, 660, 230],
    [CLICK - 0.1, BUTTON.x + 130, BUTTON.y + 18],
    [CLICK + 0.3, BUTTON.x + 130, BUTTON.y + 18],
    [CLICK + 1.0, 660, 230],
  ]);
  s.click(BUTTON.x + 130, BUTTON.y + 14, CLICK);

  const done = ends.at(-1);
  s.captions([
    [0, FIRST, 'Choose what to strip before the model leaves the office'],
    [FIRST, done + 0.2, 'Views, annotations, families and company data are purged'],
    [done + 0.2, 8, 'Geometry stays: the model is safe to share'],
  ]);
  return s;
}
