/** Drafting Export: ticked drafting and legend views are written out one model file each. */
import { C, Scene } from '../draw.mjs';

const VIEWS = [
  ['DV-01', 'Typical Footing'],
  ['DV-02', 'Slab Edge'],
  ['DV-03', 'Stair Detail'],
  ['DV-04', 'Beam Penetration'],
  ['DV-05', 'Column Base'],
  ['LG-01', 'General Notes'],
];
const TREE = { x: 16, y: 44, w: 246, h: 262 };
const FOLDER = { x: 300, y: 44, w: 324, h: 262 };
const BUTTON = { x: 474, y: 8, w: 142, h: 22 };
const CLICK = 0.9;
const FIRST = 1.35;
const STEP = 0.72;
const FLIGHT = 0.5;

/** Row y of a view in the browser: legends sit under their own group heading. */
const rowY = (i) => TREE.y + 56 + i * 24 + (i >= 5 ? 26 : 0);
const tileX = (i) => FOLDER.x + 18 + (i % 3) * 102;
const tileY = (i) => FOLDER.y + 46 + Math.floor(i / 3) * 94;

/** A file icon with a folded corner and its name; shown from `from`, outlined in accent briefly. */
function fileTile(s, i, from) {
  const x = tileX(i);
  const y = tileY(i);
  const [id, name] = VIEWS[i];
  s.rect(x + 30, y, 32, 40, C.panelBar, { from });
  s.outline(x + 30, y, 32, 40, C.muted, { from });
  s.rect(x + 52, y, 10, 10, C.panel, { from });
  s.outline(x + 52, y, 10, 10, C.muted, { from });
  s.rect(x + 36, y + 18, 18, 2, C.faint, { from });
  s.rect(x + 36, y + 24, 20, 2, C.faint, { from });
  s.outline(x + 27, y - 3, 38, 46, C.accent, { from, to: from + 0.5, thickness: 2 });
  s.text(id, x + 46, y + 48, { size: 10, font: 'bold', align: 'center', from });
  s.text(name, x + 46, y + 62, { size: 9, color: C.muted, align: 'center', from });
}

export function build() {
  const s = new Scene({ duration: 7.5 });
  s.header('DRAFTING EXPORT');

  s.panel(TREE.x, TREE.y, TREE.w, TREE.h, 'Project Browser');
  s.text('▾ Drafting Views (5)', TREE.x + 12, TREE.y + 32, { size: 11, font: 'bold' });
  s.text('▾ Legends (1)', TREE.x + 12, rowY(5) - 24, { size: 11, font: 'bold' });

  s.panel(FOLDER.x, FOLDER.y, FOLDER.w, FOLDER.h, 'Export folder');
  s.text('Project / Exports / Details', FOLDER.x + 12, FOLDER.y + 30, {
    size: 10,
    font: 'mono',
    color: C.muted,
  });

  s.rect(BUTTON.x, BUTTON.y, BUTTON.w, BUTTON.h, C.panelBar);
  s.outline(BUTTON.x, BUTTON.y, BUTTON.w, BUTTON.h, C.stroke, { to: CLICK });
  s.outline(BUTTON.x, BUTTON.y, BUTTON.w, BUTTON.h, C.accent, { from: CLICK, thickness: 2 });
  s.text('⇪  Drafting Export', BUTTON.x + 12, BUTTON.y + 4, { size: 11, font: 'bold' });

  const starts = VIEWS.map((_, i) => FIRST + i * STEP);
  const lands = starts.map((t) => t + FLIGHT);
  VIEWS.forEach(([id, name], i) => {
    const y = rowY(i);
    s.rect(TREE.x + 8, y - 4, TREE.w - 16, 21, C.accentSoft, {
      from: starts[i] - 0.1,
      to: lands[i] + 0.1,
    });
    s.text('☑', TREE.x + 22, y - 1, { size: 13, color: C.accent });
    s.text(`${id}  ${name}`, TREE.x + 42, y, { size: 11 });
    s.text('✓', TREE.x + TREE.w - 16, y, {
      size: 11,
      font: 'bold',
      color: C.accent,
      align: 'right',
      from: lands[i],
    });
    s.fly(id, [TREE.x + 42, y], [tileX(i) + 34, tileY(i) + 14], starts[i], lands[i], { size: 10 });
    fileTile(s, i, lands[i]);
  });

  // Progress: a bar in six steps and a count, as the command reports it.
  const barX = FOLDER.x + 18;
  const barY = FOLDER.y + FOLDER.h - 30;
  const barW = FOLDER.w - 140;
  s.rect(barX, barY + 4, barW, 6, C.panelBar);
  lands.forEach((t, i) => {
    s.rect(barX + (barW * i) / 6, barY + 4, barW / 6, 6, C.accent, { from: t });
    s.text(`${i + 1} of 6 exported`, FOLDER.x + FOLDER.w - 14, barY, {
      size: 11,
      align: 'right',
      from: t,
      to: lands[i + 1] ?? 7,
    });
  });
  s.text('0 of 6 exported', FOLDER.x + FOLDER.w - 14, barY, {
    size: 11,
    color: C.muted,
    align: 'right',
    to: lands[0],
  });
  const done = lands.at(-1);

  s.cursor([
    [0, 660, 230],
    [0.3, 660, 230],
    [CLICK - 0.1, BUTTON.x + 70, BUTTON.y + 15],
    [CLICK + 0.3, BUTTON.x + 70, BUTTON.y + 15],
    [CLICK + 1.0, 660, 230],
  ]);
  s.click(BUTTON.x + 70, BUTTON.y + 12, CLICK);

  s.captions([
    [0, FIRST, 'Tick drafting and legend views, then run Drafting Export'],
    [FIRST, done + 0.2, 'Each view is saved to its own model file'],
    [done + 0.2, 7.5, 'Six views, six files, one command'],
  ]);
  return s;
}
