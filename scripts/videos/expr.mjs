/**
 * ffmpeg expression builders for the demo videos: motion as functions of `t` (the frame time in
 * seconds), timeline `enable` windows, and the geq shape test used to draw the pointer.
 */

/** Smoothstep from 0 (at t0) to 1 (at t1) as an ffmpeg expression of `t`. */
export function ease(t0, t1) {
  const u = `clip((t-${t0})/${t1 - t0},0,1)`;
  return `(${u}*${u}*(3-2*${u}))`;
}

/** Value moving smoothly from a to b between t0 and t1 (held before and after). */
export function tween(t0, t1, a, b) {
  return a === b ? `${a}` : `(${a}+(${b - a})*${ease(t0, t1)})`;
}

/**
 * Piecewise motion through keyframes [t, x, y]: each segment adds its delta times its own
 * smoothstep, so the sum is a continuous path that holds between keyframes.
 */
export function path(keys) {
  const [, x0, y0] = keys[0];
  let x = `${x0}`;
  let y = `${y0}`;
  for (let i = 1; i < keys.length; i += 1) {
    const [ta, xa, ya] = keys[i - 1];
    const [tb, xb, yb] = keys[i];
    if (xb !== xa) x += `+(${xb - xa})*${ease(ta, tb)}`;
    if (yb !== ya) y += `+(${yb - ya})*${ease(ta, tb)}`;
  }
  return { x: `(${x})`, y: `(${y})` };
}

/** Alpha that fades in over 0.25 s after `from` (unless it starts the video) and out before `to`. */
export function fadeAlpha(from, to) {
  const fadeIn = from <= 0 ? '1' : `(t-${from})/0.25`;
  return `clip(min(${fadeIn},(${to}-t)/0.25),0,1)`;
}

/** Escapes a literal for a quoted drawtext value inside a filtergraph. */
export function quoteText(str) {
  if (str.includes("'")) throw new Error(`Use a typographic apostrophe in video text: ${str}`);
  return `'${str.replaceAll('\\', '\\\\').replaceAll(':', '\\:')}'`;
}

/** Timeline option: the filter acts only from `from` (inclusive) until `to` (exclusive). */
export function enable({ from, to }) {
  if (from === undefined && to === undefined) return '';
  const parts = [];
  if (from !== undefined) parts.push(`gte(t,${from})`);
  if (to !== undefined) parts.push(`lt(t,${to})`);
  return `:enable='${parts.join('*')}'`;
}

/**
 * Signed-distance test for a convex polygon in geq pixel space: 1 when (X,Y) lies inside the
 * polygon grown by `grow` pixels (mitred), else 0.
 */
export function insideConvex(points, grow) {
  let area = 0;
  points.forEach(([x1, y1], i) => {
    const [x2, y2] = points[(i + 1) % points.length];
    area += x1 * y2 - x2 * y1;
  });
  const sign = area > 0 ? 1 : -1;
  return points
    .map(([x1, y1], i) => {
      const [x2, y2] = points[(i + 1) % points.length];
      const len = Math.hypot(x2 - x1, y2 - y1);
      const dx = ((x2 - x1) / len) * sign;
      const dy = ((y2 - y1) / len) * sign;
      return `gte(${dx.toFixed(4)}*(Y-${y1})-(${dy.toFixed(4)})*(X-${x1}),${-grow})`;
    })
    .join('*');
}
