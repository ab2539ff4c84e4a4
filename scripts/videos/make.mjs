/**
 * Renders the seven /features demo videos and their posters into public/videos/ (one per card of
 * src/content/features/). Outputs are committed so the site build never needs ffmpeg; run
 * `bash scripts/make-videos.sh` after changing a scene. Pass scene names to render only those.
 */
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { scenes } from './scenes/index.mjs';

const OUT_DIR = fileURLToPath(new URL('../../public/videos/', import.meta.url));
/** Budget per video file: the page may load all seven. */
const MAX_VIDEO_BYTES = 300 * 1024;

/** Splits 'flag value' pairs so the option lists below read one option per line. */
const args = (...options) => options.flatMap((option) => option.split(' '));

// veryslow + tune=animation suit flat color and text; one thread and bitexact keep reruns
// byte-identical; faststart lets playback begin before the file is complete; -an: no audio track.
const VIDEO = args(
  '-c:v libx264',
  '-preset veryslow',
  '-tune animation',
  '-crf 20',
  '-pix_fmt yuv420p',
  '-threads 1',
  '-movflags +faststart',
  '-an',
  '-map_metadata -1',
  '-fflags +bitexact',
  '-flags:v +bitexact',
);
const POSTER = args(
  '-frames:v 1',
  '-q:v 4',
  '-update 1',
  '-fflags +bitexact',
  '-flags:v +bitexact',
);

function ffmpeg(options) {
  const run = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...options], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`ffmpeg failed (exit ${run.status})`);
}

const kb = (file) => `${Math.round(statSync(file).size / 1024)} KB`;

const only = process.argv.slice(2);
const rows = [];
for (const { name, build, poster } of scenes) {
  if (only.length > 0 && !only.includes(name)) continue;
  const scene = build();
  const input = ['-filter_complex', scene.graph(), '-map', '[v]'];
  const video = `${OUT_DIR}${name}.mp4`;
  const image = `${OUT_DIR}${name}.jpg`;
  // A keyframe every 4 s keeps seeking in the enlarged player quick without costing size.
  ffmpeg([...input, ...VIDEO, '-g', String(scene.fps * 4), video]);
  // The poster comes from the lossless graph at a representative moment, not from the MP4.
  ffmpeg([...input, '-ss', String(poster), ...POSTER, image]);
  if (statSync(video).size > MAX_VIDEO_BYTES) throw new Error(`${name}.mp4 is over 300 KB`);
  rows.push({ name, video: kb(video), poster: kb(image) });
}
console.table(rows);
