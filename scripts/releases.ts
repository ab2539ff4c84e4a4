/// <reference types="node" />
/**
 * The releases the Worker reads: checks every entry of src/content/releases/ (the schema of
 * src/releases/entry.ts, the same the content collection uses) and writes src/generated/releases.ts,
 * a typed list with the current version (the newest stable release) as a literal. The Worker
 * cannot read content collections, and a generated module keeps it free of any file reading.
 *
 *   node scripts/releases.ts            writes the module (when it changed)
 *   node scripts/releases.ts --check    exits 1 when the module is not up to date
 *
 * It runs by itself wherever the list is used: at every `astro build`, `astro sync` and
 * `astro check` (an integration in astro.config.mjs), when vitest starts (vitest.config.ts)
 * and in `npm start` (once the notes of a new release are written). The module is committed, like
 * worker-configuration.d.ts.
 *
 * Node runs this file directly (type stripping): erasable TypeScript only, explicit `.ts` imports.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import yaml from 'js-yaml';
import {
  releaseEntrySchema,
  toRelease,
  UNFINISHED,
  type ReleaseEntry,
} from '../src/releases/entry.ts';
import { newestFirst, newestStableVersion, type Release } from '../src/releases/releases.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Where the entries live. */
export const releasesDir = join(root, 'src', 'content', 'releases');
/** The generated module. */
export const generatedFile = join(root, 'src', 'generated', 'releases.ts');

/** Astro's own frontmatter pattern (@astrojs/internal-helpers), so both read a file alike. */
const FRONTMATTER = /(?:^\uFEFF?|^\s*\n)---([\s\S]*?\n)---/;

/**
 * A release entry that cannot be used as it is: the editor's to fix, so callers print its one
 * line (`<file>: <problem>`) and stop, without a stack trace. Other errors are the code's own.
 */
export class ReleaseEntryError extends Error {
  /** The entry, as given or as a path from the repository root. */
  readonly file: string;
  /** What is wrong with it, and what to do when it is unfinished. */
  readonly problem: string;

  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'ReleaseEntryError';
    this.file = file;
    this.problem = problem;
  }
}

/** What an entry left unfinished by `npm run release` needs, after the problem. */
const WRITE_THEM = 'write the release notes, then build again.';

/** `path` from the repository root when it is inside it, else as it is. */
function shown(path: string): string {
  const fromRoot = relative(root, path);
  return fromRoot.startsWith('..') ? path : fromRoot;
}

/** A checked entry and its notes. */
export interface ParsedEntry {
  entry: ReleaseEntry;
  /** The MDX after the frontmatter. */
  notes: string;
}

/**
 * Checks one entry's text; throws a ReleaseEntryError naming the file (`name`, its file name)
 * and every problem.
 */
export function parseReleaseEntry(name: string, text: string): ParsedEntry {
  const match = FRONTMATTER.exec(text);
  if (!match) throw new ReleaseEntryError(name, 'no frontmatter (--- … ---) at the top');
  let data: unknown;
  try {
    // js-yaml's default schema, as Astro reads the same frontmatter.
    data = yaml.load(match[1] ?? '');
  } catch (error) {
    throw new ReleaseEntryError(
      name,
      `the frontmatter is not YAML (${(error as Error).message.split('\n')[0]})`,
    );
  }
  const parsed = releaseEntrySchema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const field = issue.path.join('.') || 'frontmatter';
      // A message that starts with its field ("summary still says TODO") needs no prefix.
      return issue.message.startsWith(field) ? issue.message : `${field}: ${issue.message}`;
    });
    const unfinished = problems.some((problem) => problem.includes(UNFINISHED));
    throw new ReleaseEntryError(
      name,
      `${problems.join('; ')}${unfinished ? ` — ${WRITE_THEM}` : ''}`,
    );
  }
  const notes = text.slice((match.index ?? 0) + match[0].length);
  if (notes.includes(UNFINISHED)) {
    throw new ReleaseEntryError(name, `the release notes still say ${UNFINISHED} — ${WRITE_THEM}`);
  }
  if (name.replace(/\.mdx$/, '') !== parsed.data.version) {
    throw new ReleaseEntryError(
      name,
      `the file must be named after its version (${parsed.data.version}.mdx)`,
    );
  }
  return { entry: parsed.data, notes };
}

/** Every entry of `dir`, checked, newest first (a file is named after its version, so none repeats). */
export async function readReleaseEntries(dir = releasesDir): Promise<ParsedEntry[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.mdx')).sort();
  const entries = await Promise.all(
    names.map(async (name) => {
      const text = await readFile(join(dir, name), 'utf8');
      try {
        return parseReleaseEntry(name, text);
      } catch (error) {
        // Named by its path, so the line says where to look.
        if (error instanceof ReleaseEntryError)
          throw new ReleaseEntryError(shown(join(dir, name)), error.problem);
        throw error;
      }
    }),
  );
  const parsed = newestFirst(entries, (item) => item.entry.version);
  if (newestStableVersion(parsed.map((item) => item.entry)) === undefined) {
    throw new ReleaseEntryError(shown(dir), 'no stable release, so there is no current version');
  }
  return parsed;
}

/** The records the Worker keeps, newest first. */
export async function readReleases(dir = releasesDir): Promise<Release[]> {
  return (await readReleaseEntries(dir)).map((item) => toRelease(item.entry));
}

/** The text of src/generated/releases.ts for `releases` (newest first). */
export function releasesModule(releases: readonly Release[]): string {
  const current = newestStableVersion(releases);
  if (current === undefined) throw new Error('No stable release: no current version');
  const items = releases.map((release) => `  ${JSON.stringify(release)},`).join('\n');
  return `// Generated by scripts/releases.ts from src/content/releases/*.mdx. Do not edit: edit the entries.
import type { Release } from '../releases/releases.ts';

/** The newest stable release: the version the site shows and paid plans download. */
export const currentVersion = ${JSON.stringify(current)};

/** Every release, newest first. */
export const releases: readonly Release[] = [
${items}
];
`;
}

/** Whether the module on disk is what the entries give. */
export async function releasesModuleIsCurrent(
  dir = releasesDir,
  file = generatedFile,
): Promise<boolean> {
  return (await moduleState(dir, file)).current;
}

/** Writes the module when its text changed; answers whether it did. */
export async function writeReleasesModule(
  dir = releasesDir,
  file = generatedFile,
): Promise<boolean> {
  const { text, current } = await moduleState(dir, file);
  if (current) return false;
  await mkdir(join(file, '..'), { recursive: true });
  await writeFile(file, text);
  return true;
}

/** The module the entries give, and whether `file` already holds it. */
async function moduleState(dir: string, file: string): Promise<{ text: string; current: boolean }> {
  const text = releasesModule(await readReleases(dir));
  return { text, current: existsSync(file) && (await readFile(file, 'utf8')) === text };
}

/**
 * `writeReleasesModule` for the build, `astro sync`, vitest and `npm start`: an entry that cannot
 * be used (one still saying TODO) is printed as its one line and the process exits with 1,
 * instead of an unhandled error with a stack trace. Any other error is thrown as it is.
 */
export async function writeReleasesModuleOrExit(
  dir = releasesDir,
  file = generatedFile,
): Promise<boolean> {
  try {
    return await writeReleasesModule(dir, file);
  } catch (error) {
    if (!(error instanceof ReleaseEntryError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** The command line; answers the exit code. */
export async function main(
  args: readonly string[],
  dir = releasesDir,
  file = generatedFile,
): Promise<number> {
  try {
    if (args.includes('--check')) {
      if (await releasesModuleIsCurrent(dir, file)) return 0;
      console.error(`${shown(file)} is out of date: run node scripts/releases.ts`);
      return 1;
    }
    if (await writeReleasesModule(dir, file)) console.log(`releases: wrote ${shown(file)}`);
    return 0;
  } catch (error) {
    console.error(
      error instanceof ReleaseEntryError ? error.message : `releases: ${(error as Error).message}`,
    );
    return 1;
  }
}

// Run only as a script, so other scripts and tests can import the functions above.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
