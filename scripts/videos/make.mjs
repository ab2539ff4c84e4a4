/**
 * Renders the seven /features demo videos and their posters into public/videos/ (SPEC §2
 * Features). Outputs are committed so the site build never needs ffmpeg; run
 * `bash scripts/make-videos.sh` after changing a scene. Pass scene names to render only those.
 */
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { scenes } from './scenes/index.mjs';

const OUT_DIR = fileURLToPath(new URL('../../public/videos/', import.meta.url));
/** Budget per video file (brief: under 300 KB; the page loads up to seven of them). */
const MAX_VIDEO_BYTES = 300 * 1024;

function ffmpeg(args) {
  const run = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`ffmpeg failed (exit ${run.status})`);
}

const only = process.argv.slice(2);
const rows = [];
for (const { name, build, poster } of scenes) {
  if (only.length > 0 && !only.includes(name)) continue;
  const scene = build();
  const graph = scene.graph();
  const video = `${OUT_DIR}${name}.mp4`;
  const image = `${OUT_DIR}${name}.jpg`;
  // veryslow + tune=animation suits flat colour and text; bitexact and no metadata keep reruns
  // byte-stable; faststart lets the browser play before the whole file arrives; -an: silent.
  ffmpeg([
    '-filter_complex', graph, '-map', '[v]',
    '-c:v', 'libx264', '-preset', 'veryslow', '-tune', 'animation', '-crf', '20',
    '-pix_fmt', 'yuv420p', '-g', String(scene.fps * 4), '-threads', '1',
    '-movflags', '+faststart', '-an', '-map_metadata', '-1',
    '-fflags', '+bitexact', '-flags:v', '+bitexact',
    video,
  ]);
  // The poster is taken from the lossless graph at a representative moment, not from the MP4.
  ffmpeg(['-filter_complex', graph, '-map', '[v]', '-ss', String(poster), '-frames:v', '1',
    '-q:v', '4', '-update', '1', image]);
  const videoBytes = statSync(video).size;
  rows.push({ name, video: `${(videoBytes / 1024).toFixed(0)} KB`, poster: `${(statSync(image).size / 1024).toFixed(0)} KB` });
  if (videoBytes > MAX_VIDEO_BYTES) throw new Error(`${name}.mp4 is ${videoBytes} bytes, over the budget`);
}
console.table(rows);
