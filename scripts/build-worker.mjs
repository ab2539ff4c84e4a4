// Builds the Worker into .wrangler/worker/ (wrangler.toml `[build]` runs this before `wrangler dev`,
// `wrangler deploy` and `wrangler check startup`; wrangler uploads the result as it is, `no_bundle`).
//
// Wrangler's own bundler puts everything into one file: a dynamic import() is inlined, so the
// code it names is part of the one module every cold start loads. This build is the same esbuild
// with the same settings (target, conditions, loaders, NODE_ENV, kept names) plus code splitting:
// the entry holds what a request needs to start, and every `import()` becomes a chunk of its own
// (chunks/), loaded the first time it is used (the PDF library, the e-mail renderer, WebAuthn,
// the Stripe SDK, the OpenAPI document, the cron jobs and queue tasks; docs/architecture.md).
//
// Two kinds of build:
//   production (the default; `wrangler deploy`, `wrangler check startup`): minified, and without the
//     development stand-ins: functions/dev/load.ts is replaced by functions/dev/absent.ts, so no
//     module of the build imports /dev/*, the local payment provider or the local mailbox.
//   development (`wrangler dev`, which `npm start` runs): not minified, with the stand-ins (and
//     the local invoice PDF's fonts, written first from the font packages: scripts/pdf-fonts.mjs).
// Wrangler tells the command which it runs (WRANGLER_COMMAND); WORKER_BUILD=production|development
// overrides it.
//
//   node scripts/build-worker.mjs [--outdir DIR] [--development|--production] [--metafile FILE]
import { build } from 'esbuild';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const WORKER_ENTRY = 'functions/index.ts';
export const DEFAULT_OUTDIR = '.wrangler/worker';
/** The one door to the development stand-ins, and what a production build puts in its place. */
export const STAND_IN_LOADER = 'functions/dev/load.ts';
export const STAND_IN_ABSENT = 'functions/dev/absent.ts';

/** Which kind of build the environment asks for: wrangler dev builds for development. */
export function buildKind(env = process.env) {
  if (env.WORKER_BUILD === 'production' || env.WORKER_BUILD === 'development')
    return env.WORKER_BUILD;
  return env.WRANGLER_COMMAND === 'dev' ? 'development' : 'production';
}

/** Replaces the stand-ins' loader with a module that has none (production builds). */
const withoutStandIns = {
  name: 'sheetwright:without-stand-ins',
  setup(build) {
    const loader = resolve(root, STAND_IN_LOADER);
    const absent = resolve(root, STAND_IN_ABSENT);
    build.onLoad({ filter: /[\\/]functions[\\/]dev[\\/]load\.ts$/ }, async (args) => {
      if (resolve(args.path) !== loader) return undefined;
      const { readFile } = await import('node:fs/promises');
      return {
        contents: await readFile(absent, 'utf8'),
        loader: 'ts',
        resolveDir: dirname(absent),
      };
    });
  },
};

/**
 * zod's messages in English only. `z` is handed around as a value (@hono/zod-openapi extends it),
 * so every export of the namespace stays in the bundle, `z.locales` with its 50-odd languages
 * among them (about 70 KiB of gzip) though the Worker only ever speaks English (zod's default).
 * The locales' index becomes one that has English alone.
 */
const englishZodOnly = {
  name: 'sheetwright:english-zod-only',
  setup(build) {
    build.onResolve({ filter: /[\\/]locales[\\/]index\.js$/ }, (args) => {
      if (!/[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)) return undefined;
      return { path: resolve(dirname(args.importer), args.path), namespace: 'zod-locales' };
    });
    build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(join(dirname(args.path), 'en.js'))};`,
      loader: 'js',
      resolveDir: dirname(args.path),
    }));
  },
};

/**
 * The standard fonts the Worker's PDFs use (services/billing/invoice-pdf.ts draws every invoice in
 * Helvetica and Helvetica Bold). pdf-lib's font package carries the metrics of all fourteen as
 * deflated base64, which gzip cannot shrink: the twelve never used were about 70 KiB of the
 * production upload. A production build gets empty data in their place, so asking for one of them
 * fails at once instead of drawing with wrong metrics; tests/unit/worker-bundle.test.ts checks that
 * the invoice asks for no other font.
 */
export const KEPT_STANDARD_FONTS = ['Helvetica', 'Helvetica-Bold'];
const usedStandardFontsOnly = {
  name: 'sheetwright:used-standard-fonts-only',
  setup(build) {
    build.onLoad(
      { filter: /[\\/]@pdf-lib[\\/]standard-fonts[\\/].*\.compressed\.json$/ },
      (args) => {
        const name = /([^\\/]+)\.compressed\.json$/.exec(args.path)?.[1] ?? '';
        // The encodings table is shared by every font; the kept fonts' metrics stay as they are.
        if (name === 'all-encodings' || KEPT_STANDARD_FONTS.includes(name)) return undefined;
        return { contents: '""', loader: 'json' };
      },
    );
  },
};

/**
 * Builds the Worker into `outdir` (emptied first). Answers esbuild's metafile, whose `inputs` are
 * every module of the build and whose `outputs` are the entry and its chunks.
 */
export async function buildWorker({
  outdir = DEFAULT_OUTDIR,
  kind = 'production',
  minify = kind === 'production',
} = {}) {
  const out = resolve(root, outdir);
  // The local invoice PDF's fonts (a development stand-in) are modules written from the font
  // packages: written here when missing or out of date (scripts/pdf-fonts.mjs).
  if (kind === 'development') (await import('./pdf-fonts.mjs')).writePdfFonts();
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  const nodeEnv = process.env.NODE_ENV || kind;
  const result = await build({
    absWorkingDir: root,
    entryPoints: { index: WORKER_ENTRY },
    outdir: out,
    chunkNames: 'chunks/[name]-[hash]',
    // The chunks are ES modules by wrangler.toml's module rule (chunks/*.mjs); .mjs for the
    // entry too, which wrangler takes as an ES module by its extension.
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    // As wrangler bundles (its COMMON_ESBUILD_OPTIONS and bundleWorker).
    target: 'es2024',
    supported: { 'import-source': true, using: true },
    loader: { '.js': 'jsx', '.mjs': 'jsx', '.cjs': 'jsx' },
    conditions: ['workerd', 'worker', 'browser'],
    keepNames: true,
    define: {
      'process.env.NODE_ENV': JSON.stringify(nodeEnv),
      'global.process.env.NODE_ENV': JSON.stringify(nodeEnv),
      'globalThis.process.env.NODE_ENV': JSON.stringify(nodeEnv),
      'navigator.userAgent': '"Cloudflare-Workers"',
    },
    minify,
    sourcemap: true,
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
    plugins:
      kind === 'production'
        ? [withoutStandIns, englishZodOnly, usedStandardFontsOnly]
        : [englishZodOnly],
  });
  return result.metafile;
}

/** The entry and chunk files of a metafile, with their sizes (bytes), the entry first. */
export function outputFiles(metafile, outdir = DEFAULT_OUTDIR) {
  const base = resolve(root, outdir);
  return Object.entries(metafile.outputs)
    .filter(([file]) => file.endsWith('.mjs'))
    .map(([file, output]) => ({
      file: relative(base, resolve(root, file)),
      bytes: output.bytes,
      entry: output.entryPoint !== undefined,
    }))
    .sort((a, b) => Number(b.entry) - Number(a.entry) || b.bytes - a.bytes);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name) => {
    const index = args.indexOf(name);
    return index === -1 ? undefined : args[index + 1];
  };
  const kind = args.includes('--development')
    ? 'development'
    : args.includes('--production')
      ? 'production'
      : buildKind();
  const outdir = option('--outdir') ?? DEFAULT_OUTDIR;
  const metafile = await buildWorker({ outdir, kind });
  const metafilePath = option('--metafile');
  if (metafilePath) await writeFile(metafilePath, JSON.stringify(metafile));
  const files = outputFiles(metafile, outdir);
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(
    `Worker (${kind}) in ${outdir}: entry ${kib(files[0].bytes)}, ${files.length - 1} chunk(s) ${kib(
      files.slice(1).reduce((sum, f) => sum + f.bytes, 0),
    )}`,
  );
}
