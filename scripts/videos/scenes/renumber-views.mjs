/** Renumber Views: the pointer clicks views on a sheet and their detail numbers become 1, 2, 3… */
import { C, Scene } from '../draw.mjs';

/** Views on the sheet: frame, title, the scrambled number it starts with, and a little linework. */
const VIEWS = [
  { x: 44, y: 56, w: 150, h: 78, name: 'FOOTING F1', old: 4, kind: 'pier' },
  { x: 216, y: 56, w: 196, h: 78, name: 'SECTION A-A', old: 6, kind: 'beam' },
  { x: 434, y: 56, w: 160, h: 78, name: 'SLAB EDGE', old: 1, kind: 'step' },
  { x: 44, y: 178, w: 206, h: 70, name: 'BEAM B2', old: 5, kind: 'beam' },
  { x: 272, y: 178, w: 150, h: 70, name: 'STAIR DETAIL', old: 3, kind: 'stair' },
  { x: 444, y: 178, w: 150, h: 52, name: 'COLUMN BASE', old: 2, kind: 'pier' },
];

/** A few strokes per view so each reads as a different detail, not an empty box. */
function detail(s, { x, y, w, h, kind }) {
  const base = y + h - 22;
  if (kind === 'pier') {
    s.rect(x + 16, base, w - 32, 9, C.faint);
    s.rect(x + w / 2 - 11, y + 12, 22, base - y - 12, C.gridMajor);
    s.outline(x + w / 2 - 11, y + 12, 22, base - y - 12, C.faint);
  } else if (kind === 'beam') {
    s.rect(x + 14, y + 16, w - 28, 12, C.faint);
    s.outline(x + 26, y + 28, 14, base - y - 28, C.faint);
    s.outline(x + w - 40, y + 28, 14, base - y - 28, C.faint);
    s.line(x + 14, base, w - 28, false, C.faint);
  } else if (kind === 'step') {
    s.rect(x + 14, y + 22, w / 2 - 14, 10, C.faint);
    s.rect(x + w / 2, y + 22, 10, base - y - 22, C.faint);
    s.rect(x + w / 2, base - 8, w / 2 - 14, 8, C.faint);
  } else {
    for (let k = 0; k < 5; k += 1) s.rect(x + 20 + k * 22, base - 8 - k * 8, 22, 3, C.faint);
  }
  for (let k = 0; k < 5; k += 1) s.rect(x + 18 + k * ((w - 40) / 4), y + h - 10, 6, 1, C.faint);
}
const FIRST_CLICK = 1.2;
const STEP = 0.75;

export function build() {
  const s = new Scene({ duration: 8 });
  s.header('RENUMBER VIEWS');
  s.sheet(24, 40, 592, 278, 'S-301', 'SECTIONS & DETAILS');

  const clicks = VIEWS.map((_, i) => FIRST_CLICK + i * STEP);
  const done = clicks.at(-1) + 0.3;
  VIEWS.forEach((v, i) => {
    const t = clicks[i];
    s.outline(v.x, v.y, v.w, v.h, C.stroke);
    detail(s, v);
    // The view is highlighted for a moment as it is clicked.
    s.outline(v.x - 2, v.y - 2, v.w + 4, v.h + 4, C.accent, { from: t, to: t + 0.5, thickness: 2 });

    // View title: number bubble, rule, name.
    const bx = v.x;
    const by = v.y + v.h + 6;
    s.rect(bx, by, 24, 20, C.panel);
    s.outline(bx, by, 24, 20, C.muted, { to: t });
    s.text(String(v.old), bx + 12, by + 3, {
      size: 13,
      font: 'bold',
      color: C.muted,
      align: 'center',
      to: t,
    });
    s.rect(bx, by, 24, 20, C.accent, { from: t });
    s.text(String(i + 1), bx + 12, by + 3, {
      size: 13,
      font: 'bold',
      color: C.bg,
      align: 'center',
      from: t,
    });
    s.line(bx + 24, by + 19, Math.min(v.w - 24, 130), false, C.muted);
    s.text(v.name, bx + 30, by + 4, { size: 11, font: 'bold', color: C.ink });
    s.click(bx + 12, by + 10, t);
  });

  // "Next number" readout, like the command's status prompt.
  s.text('Next number', 456, 12, { size: 11, color: C.muted });
  clicks.forEach((t, i) => {
    s.text(String(i + 1), 548, 10, {
      size: 13,
      font: 'bold',
      color: C.accent,
      from: i === 0 ? 0 : clicks[i - 1],
      to: t,
    });
  });
  s.text('done ✓', 548, 10, {
    size: 13,
    font: 'bold',
    color: C.accent,
    from: clicks.at(-1),
    to: s.duration - s.loopFade,
  });

  s.cursor([
    [0, 660, 230],
    [0.5, 660, 230],
    ...VIEWS.flatMap((v, i) => {
      const tip = [v.x + 19, v.y + v.h + 21];
      return [
        [clicks[i] - 0.1, ...tip],
        [clicks[i] + 0.15, ...tip],
      ];
    }),
    [done + 0.8, 660, 230],
  ]);

  s.captions([
    [0, done, 'Click views in the order you want them numbered'],
    [done, 8, 'Detail numbers follow the click sequence, 1 to 6'],
  ]);
  return s;
}
