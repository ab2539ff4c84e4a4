/**
 * What the deployed Worker is made of (scripts/build-worker.mjs). A production build — the one
 * `wrangler deploy` uploads — contains no development stand-in: no module of it is one, and no
 * module of it imports one. And the libraries that only some requests need are chunks of their
 * own, loaded on first use, not part of what every cold start evaluates (docs/performance.md,
 * "Cold start").
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StandardFonts } from 'pdf-lib';
import { buildWorker, KEPT_STANDARD_FONTS, STAND_IN_LOADER } from '../../scripts/build-worker.mjs';

interface Metafile {
  inputs: Record<
    string,
    { bytes: number; imports: { path: string; kind: string; external?: boolean }[] }
  >;
  outputs: Record<
    string,
    {
      entryPoint?: string;
      imports: { path: string; kind: string }[];
      inputs: Record<string, unknown>;
    }
  >;
}

/** The development stand-ins: the /dev tools, the local payment provider, mailbox, Google, bot check, DNS. */
const STAND_INS = [
  /^functions\/dev\/stand-ins\.ts$/,
  /^functions\/routes\/dev\//,
  /^functions\/adapters\/payments\/(local|local-events|d1-store)\.ts$/,
  /^functions\/adapters\/(identity-local|botcheck-local|mail-local|dns-local)\.ts$/,
];
const isStandIn = (path: string) => STAND_INS.some((pattern) => pattern.test(path));

/** Loaded on first use only: what a cold start must not evaluate. */
const LAZY = [
  /node_modules\/pdf-lib\//,
  /node_modules\/@pdf-lib\//,
  /node_modules\/react-dom\//,
  /node_modules\/@react-email\//,
  /node_modules\/@simplewebauthn\/server\//,
  /node_modules\/stripe\//,
  /node_modules\/oauth4webapi\//,
  /^functions\/services\/core\/users\/common-passwords\.ts$/,
  /^src\/contract\/api\/document\.ts$/,
  /^functions\/services\/core\/mail\/html\.tsx$/,
  /^functions\/services\/cron\//,
  /^functions\/queue\.ts$/,
  // The apps themselves, with their route declarations, schemas and services: the first request
  // imports the one its path needs (functions/app-for-path.ts).
  /^functions\/app\.ts$/,
  /^functions\/plugin-app\.ts$/,
  /^functions\/routes\//,
  /^src\/contract\/api\//,
  /node_modules\/zod\//,
  /node_modules\/hono\/dist\/hono-base/,
  /node_modules\/drizzle-orm\//,
  /node_modules\/disposable-email-domains-js\//,
  /node_modules\/uqr\//,
];

const builds: Record<'production' | 'development', { dir: string; meta: Metafile }> = {} as never;

beforeAll(async () => {
  for (const kind of ['production', 'development'] as const) {
    const dir = mkdtempSync(join(tmpdir(), `worker-${kind}-`));
    const meta = (await buildWorker({ outdir: dir, kind, minify: false })) as Metafile;
    builds[kind] = { dir, meta };
  }
}, 120_000);

afterAll(() => {
  for (const { dir } of Object.values(builds)) rmSync(dir, { recursive: true, force: true });
});

describe('a production build of the Worker', () => {
  it('has no development stand-in among its modules', () => {
    const modules = Object.keys(builds.production.meta.inputs);

    expect(modules.filter(isStandIn)).toEqual([]);
  });

  it('has no module that imports a development stand-in', () => {
    const { inputs } = builds.production.meta;
    const offenders = Object.entries(inputs).flatMap(([module, { imports }]) =>
      imports.filter(({ path }) => isStandIn(path)).map(({ path }) => `${module} → ${path}`),
    );

    expect(offenders).toEqual([]);
    // The door to them is there, with nothing behind it.
    expect(inputs[STAND_IN_LOADER]?.imports).toEqual([]);
  });

  it('evaluates none of the libraries loaded on first use when it starts', () => {
    const evaluated = evaluatedWith('functions/index.ts');

    expect(evaluated.filter((module) => LAZY.some((pattern) => pattern.test(module)))).toEqual([]);
    // They are in the build all the same, as chunks of their own.
    const all = Object.keys(builds.production.meta.inputs);
    expect(LAZY.filter((pattern) => !all.some((module) => pattern.test(module)))).toEqual([]);
  });

  it('carries the metrics of the standard fonts its PDFs draw with, and of no other', () => {
    // Every standard font the Worker's code asks pdf-lib for, by its name in the PDF.
    const sources = readdirSync('functions', { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => readFileSync(join('functions', file), 'utf8'));
    const asked = [
      ...new Set(
        sources.flatMap((source) =>
          [...source.matchAll(/StandardFonts\.(\w+)/g)].map(
            ([, key]) => StandardFonts[key as keyof typeof StandardFonts],
          ),
        ),
      ),
    ];
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((name) => !KEPT_STANDARD_FONTS.includes(name))).toEqual([]);

    const fontData = Object.entries(builds.production.meta.inputs).flatMap(([module, input]) => {
      const name = /standard-fonts\/.*\/([^/]+)\.compressed\.json$/.exec(module)?.[1];
      return name && name !== 'all-encodings' ? [{ name, bytes: input.bytes }] : [];
    });
    const kept = fontData.filter(({ bytes }) => bytes > 2).map(({ name }) => name);
    expect(kept.sort()).toEqual([...KEPT_STANDARD_FONTS].sort());
    // The others are in the build as empty data only.
    expect(fontData.length).toBe(14);
  });

  it("loads only the plugin's calls for the plugin's paths, not the whole site's API", () => {
    const evaluated = evaluatedWith('functions/plugin-app.ts');
    const routes = evaluated.filter((module) => module.startsWith('functions/routes/'));

    expect(evaluated).toContain('functions/services/licensing/activation.ts');
    expect(routes.sort()).toEqual([
      'functions/routes/health.ts',
      'functions/routes/licenses.ts',
      'functions/routes/plugin.ts',
      'functions/routes/releases.ts',
      'functions/routes/usage-report.ts',
    ]);
    // Nor the services of the console, billing or the team pages.
    expect(
      evaluated.filter((module) =>
        /^functions\/services\/(admin|organizations|sso)\//.test(module),
      ),
    ).toEqual([]);
  });
});

/**
 * The modules a production build evaluates when `entryPoint` (the Worker's entry, or a module
 * it imports on first use) is loaded: its output file and every chunk that imports statically.
 */
function evaluatedWith(entryPoint: string): string[] {
  const { outputs } = builds.production.meta;
  const start = Object.keys(outputs).find((file) => outputs[file]?.entryPoint === entryPoint);
  expect(start, entryPoint).toBeDefined();
  const loaded = new Set<string>();
  const queue = [start as string];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (loaded.has(file)) continue;
    loaded.add(file);
    for (const { path, kind } of outputs[file]?.imports ?? [])
      if (kind === 'import-statement') queue.push(path);
  }
  return [...loaded].flatMap((file) => Object.keys(outputs[file]?.inputs ?? {}));
}

describe('a development build of the Worker', () => {
  it('has every development stand-in the production check looks for', () => {
    const modules = Object.keys(builds.development.meta.inputs);

    expect(STAND_INS.filter((pattern) => !modules.some((module) => pattern.test(module)))).toEqual(
      [],
    );
  });
});
