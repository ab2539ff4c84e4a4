/**
 * A small drawing kit for the /features demo videos. Every frame is drawn by ffmpeg filters
 * (drawbox, drawtext, geq) on one lavfi color source, so a video is a pure function of its scene
 * file: no image assets, nothing to keep in sync, and `bash scripts/make-videos.sh` rebuilds it.
 */

import { enable, fadeAlpha, insideConvex, path, quoteText, tween } from './expr.mjs';

export const W = 640;
export const H = 360;

/** One calm blueprint palette; ACCENT is the only saturated color (a tint of --color-accent). */
export const C = {
  bg: '0x0b1726',
  gridMinor: '0x0f1f35',
  gridMajor: '0x13294a',
  panel: '0x0f2039',
  panelBar: '0x17304f',
  sheet: '0x0d1c31',
  stroke: '0x33527a',
  ink: '0xe6eef8',
  muted: '0x9db1cc',
  faint: '0x5b7597',
  accent: '0x5aa9ff',
  accentSoft: '0x5aa9ff@0.18',
  band: '0x081220',
};

const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
const FONTS = {
  sans: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  mono: 'DejaVuSansMono.ttf',
  cond: 'DejaVuSansCondensed.ttf',
  serif: 'DejaVuSerif.ttf',
  serifBold: 'DejaVuSerif-Bold.ttf',
};

/** Classic arrow pointer drawn at 4x with geq and box-filtered down, so its edges are smooth. */
function pointerSource(duration, fps) {
  const s = 4;
  const head = [
    [0, 0],
    [0, 16],
    [11.2, 11.2],
  ].map(([x, y]) => [x * s + 6, y * s + 6]);
  const tail = [
    [3.4, 12],
    [6.6, 18.8],
    [9.2, 17.6],
    [6, 10.8],
  ].map(([x, y]) => [x * s + 6, y * s + 6]);
  const fill = `max(${insideConvex(head, 0)},${insideConvex(tail, 0)})`;
  const edge = `max(${insideConvex(head, 1.6 * s)},${insideConvex(tail, 1.6 * s)})`;
  const rgb = (on, off) => `'if(${fill},${on},${off})'`;
  return (
    `color=c=black@0:s=${22 * s}x${26 * s}:r=${fps}:d=${duration},format=rgba,` +
    `geq=r=${rgb(255, 8)}:g=${rgb(255, 18)}:b=${rgb(255, 32)}:a='255*${edge}',` +
    `scale=22:26:flags=area`
  );
}

/** A scene: an ordered list of draw filters and moving layers, then an optional pointer. */
export class Scene {
  /** @param {{ duration?: number, fps?: number }} [options] */
  constructor({ duration = 7, fps = 15 } = {}) {
    this.duration = duration;
    this.fps = fps;
    /** Seconds at the end that cross-fade back into the opening frames (see graph()). */
    this.loopFade = 0.5;
    /** @type {(string | { source: string, x: string, y: string, from?: number, to?: number })[]} */
    this.filters = [];
    /** @type {{ x: string, y: string, from?: number, to?: number } | null} */
    this.pointer = null;
  }

  /** Filled rectangle; `color` may carry an alpha (`0xrrggbb@0.5`). */
  rect(x, y, w, h, color, opts = {}) {
    this.filters.push(`drawbox=x=${x}:y=${y}:w=${w}:h=${h}:color=${color}:t=fill${enable(opts)}`);
    return this;
  }

  /** Rectangle whose position follows expressions of t (e.g. from tween()); composited on top. */
  movingRect(w, h, color, x, y, opts = {}) {
    const { duration: d, fps } = this;
    this.filters.push({
      source: `color=c=${color}:s=${w}x${h}:r=${fps}:d=${d},format=rgba`,
      x: `${x}`,
      y: `${y}`,
      ...opts,
    });
    return this;
  }

  /** Rectangle outline, `thickness` pixels inside the given bounds. */
  outline(x, y, w, h, color, opts = {}) {
    const t = opts.thickness ?? 1;
    this.filters.push(`drawbox=x=${x}:y=${y}:w=${w}:h=${h}:color=${color}:t=${t}${enable(opts)}`);
    return this;
  }

  /**
   * Text. x/y may be numbers or expressions of t; `align` 'center' or 'right' anchors x.
   * `box` draws a padded chip behind the text (it moves with the text).
   */
  text(str, x, y, opts = {}) {
    const font = FONTS[opts.font ?? 'sans'];
    const size = opts.size ?? 14;
    const xExpr =
      opts.align === 'center' ? `${x}-text_w/2` : opts.align === 'right' ? `${x}-text_w` : `${x}`;
    const parts = [
      `drawtext=fontfile=${FONT_DIR}/${font}`,
      `text=${quoteText(str)}`,
      opts.counter ? '' : 'expansion=none',
      `fontsize=${size}`,
      `fontcolor=${opts.color ?? C.ink}`,
      `x='${xExpr}'`,
      `y='${y}'`,
    ];
    if (opts.alpha !== undefined) parts.push(`alpha='${opts.alpha}'`);
    if (opts.box) parts.push(`box=1:boxcolor=${opts.box}:boxborderw=${opts.pad ?? 5}`);
    if (opts.border) parts.push(`borderw=${opts.border[0]}:bordercolor=${opts.border[1]}`);
    this.filters.push(parts.filter(Boolean).join(':') + enable(opts));
    return this;
  }

  /** Horizontal or vertical rule. */
  line(x, y, length, vertical = false, color = C.stroke, opts = {}) {
    return vertical
      ? this.rect(x, y, 1, length, color, opts)
      : this.rect(x, y, length, 1, color, opts);
  }

  /** Application-style window: body, title bar with a label, 1px border. */
  panel(x, y, w, h, title, opts = {}) {
    this.rect(x, y, w, h, opts.fill ?? C.panel);
    this.rect(x, y, w, 22, C.panelBar);
    this.outline(x, y, w, h, opts.stroke ?? C.stroke);
    if (title) this.text(title, x + 9, y + 5, { size: 11, color: C.muted, font: 'sans' });
    return this;
  }

  /** Drawing sheet: border plus a title block strip along the bottom right. */
  sheet(x, y, w, h, number, name) {
    this.rect(x, y, w, h, C.sheet);
    this.outline(x, y, w, h, C.stroke);
    this.outline(x + 5, y + 5, w - 10, h - 10, C.stroke);
    const bw = 118;
    this.rect(x + w - 5 - bw, y + h - 35, bw, 30, C.panel);
    this.outline(x + w - 5 - bw, y + h - 35, bw, 30, C.stroke);
    this.text(name, x + w - bw + 2, y + h - 31, { size: 9, color: C.muted });
    this.text(number, x + w - bw + 2, y + h - 20, { size: 11, font: 'bold' });
    return this;
  }

  /** Command label top left, as on the plugin's ribbon. */
  header(label) {
    this.text('SHEETWRIGHT', 16, 12, { size: 10, color: C.faint, font: 'bold' });
    this.text(label, 100, 10, { size: 13, color: C.accent, font: 'bold' });
    return this;
  }

  /** Step captions along the bottom band: [[from, to, text], ...]. */
  captions(steps) {
    this.rect(0, H - 34, W, 34, C.band);
    this.line(0, H - 34, W, false, C.gridMajor);
    for (const [from, end, str] of steps) {
      // The last caption leaves before the loop cross-fade so two captions never overlap.
      const to = Math.min(end, this.duration - this.loopFade);
      const alpha = fadeAlpha(from, to);
      this.text(str, W / 2, H - 25, { size: 14, align: 'center', from, to, alpha });
    }
    return this;
  }

  /** Mouse pointer following keyframes [t, x, y] (tip position). Drawn above everything. */
  cursor(keys, opts = {}) {
    this.pointer = { ...path(keys), ...opts };
    return this;
  }

  /** A chip carrying `str` from one point to another between t0 and t1 (a value in transit). */
  fly(str, [x0, y0], [x1, y1], t0, t1, opts = {}) {
    this.text(str, tween(t0, t1, x0, x1), tween(t0, t1, y0, y1), {
      size: opts.size ?? 11,
      font: opts.font ?? 'bold',
      color: C.bg,
      box: C.accent,
      pad: 4,
      from: t0,
      to: t1,
    });
    return this;
  }

  /** A click: a ring that appears at (x, y) at time t and fades. */
  click(x, y, t) {
    const alpha = `clip(1-(t-${t})/0.45,0,1)`;
    this.text('○', x, y - 15, {
      size: 30,
      color: C.accent,
      align: 'center',
      from: t,
      to: t + 0.45,
      alpha,
      font: 'bold',
    });
    return this;
  }

  /**
   * The whole filtergraph. The last `loopFade` seconds cross-fade into the opening frames, so a
   * scene that starts with a short still hold loops without a visible jump.
   */
  graph() {
    const { duration: d, fps, loopFade } = this;
    const layers = [...this.filters];
    if (this.pointer) {
      const p = this.pointer;
      layers.push({
        source: pointerSource(d, fps),
        x: `${p.x}-1.5`,
        y: `${p.y}-1.5`,
        from: p.from,
        to: p.to,
      });
    }
    // Draw filters run in one chain; each overlay closes the chain, composites its source on
    // top and the next chain continues from the result, so stacking order is call order.
    const chains = [];
    let current = [
      `color=c=${C.bg}:s=${W}x${H}:r=${fps}:d=${d}`,
      `drawgrid=w=20:h=20:t=1:c=${C.gridMinor}`,
      `drawgrid=w=100:h=100:t=1:c=${C.gridMajor}`,
    ];
    let n = 0;
    for (const layer of layers) {
      if (typeof layer === 'string') {
        current.push(layer);
        continue;
      }
      chains.push(`${current.join(',')}[s${n}]`, `${layer.source}[o${n}]`);
      current = [`[s${n}][o${n}]overlay=x='${layer.x}':y='${layer.y}'${enable(layer)}`];
      n += 1;
    }
    chains.push(`${current.join(',')},split[a][b]`);
    chains.push(`[b]trim=end=${loopFade},setpts=PTS-STARTPTS[head]`);
    chains.push(
      `[a][head]xfade=transition=fade:duration=${loopFade}:offset=${d - loopFade},format=yuv420p[v]`,
    );
    return chains.join(';\n');
  }
}
