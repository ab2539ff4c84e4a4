/**
 * Keeps README.md and docs/*.md true to the repository: every file they point to exists, every
 * `npm run X` is a script, every constant cited as "`NAME` in `path`" is declared in that file,
 * the README stays a short front door, and no line cites documents that are not in the repository.
 * When code moves, this test names the doc line that still points to the old place.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

const docFiles = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

interface Doc {
  file: string;
  text: string;
  /** The text with fenced code blocks blanked out (positions kept). */
  prose: string;
}

const docs: Doc[] = docFiles.map((file) => {
  const text = readFileSync(join(root, file), 'utf8');
  let fenced = false;
  const prose = text
    .split('\n')
    .map((line) => {
      if (line.trimStart().startsWith('```')) {
        fenced = !fenced;
        return ' '.repeat(line.length);
      }
      return fenced ? ' '.repeat(line.length) : line;
    })
    .join('\n');
  return { file, text, prose };
});

/** "file:line" of an index into a doc's text. */
function where(doc: Doc, index: number): string {
  return `${doc.file}:${doc.text.slice(0, index).split('\n').length}`;
}

/** Top-level folders and files a path in backticks may start with. */
const repoRoots = new Set(
  readdirSync(root).filter((name) => !['node_modules', '.git'].includes(name)),
);
/** Generated or git-ignored places the docs may name though a fresh clone lacks them. */
const generatedRoots = new Set([
  'dist',
  '.wrangler',
  'node_modules',
  '.dev.vars',
  '.astro',
  '.bench-starlight',
  'bench-results',
  'test-results',
  'playwright-report',
]);
/** Short paths in docs/architecture.md are relative to these folders. */
const relativeBases = ['', 'functions', 'functions/services'];
const fileExtension = /\.(ts|tsx|mts|mjs|js|astro|md|mdx|sql|toml|json|yaml|sh|css|png)$/;

/**
 * Whether a token in backticks names a repository path to check: it starts with a top-level name of
 * the repository, or it has a folder and a file extension (a short path such as
 * `services/accounts/login.ts`). Placeholders (`<name>`), globs and URL paths are not paths.
 */
function isRepoPath(token: string): boolean {
  if (/[\s<>*…{}()[\]=,;'"|$]/.test(token) || token.includes('...')) return false;
  if (token.startsWith('/') || token.startsWith('-') || /^[a-z]+:/.test(token)) return false;
  const first = token.replace(/^\.\//, '').split('/')[0] ?? '';
  if (repoRoots.has(first) || generatedRoots.has(first)) return true;
  return token.includes('/') && fileExtension.test(token);
}

function pathExists(path: string, baseDir: string): boolean {
  const clean = path.replace(/^\.\//, '').replace(/\/$/, '');
  if (generatedRoots.has(clean.split('/')[0] ?? '')) return true;
  const candidates = [
    normalize(join(baseDir, clean)),
    ...relativeBases.map((base) => normalize(join(root, base, clean))),
  ];
  return candidates.some((candidate) => existsSync(candidate));
}

/** Tokens in backticks outside fenced code blocks, with their position. */
function inlineCode(doc: Doc): { token: string; index: number }[] {
  return [...doc.prose.matchAll(/`([^`\n]+)`/g)].map((match) => ({
    token: match[1] ?? '',
    index: match.index,
  }));
}

describe('docs', () => {
  it('name only paths that exist', () => {
    const missing: string[] = [];
    for (const doc of docs) {
      const baseDir = dirname(join(root, doc.file));
      for (const { token, index } of inlineCode(doc)) {
        if (isRepoPath(token) && !pathExists(token, baseDir)) {
          missing.push(`${where(doc, index)} \`${token}\``);
        }
      }
      // Markdown links to files of the repository, relative to the doc.
      for (const match of doc.prose.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = (match[1] ?? '').split('#')[0] ?? '';
        if (!target || /^[a-z]+:/.test(target)) continue;
        if (!existsSync(normalize(join(baseDir, target)))) {
          missing.push(`${where(doc, match.index)} link ${target}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('name only npm scripts that exist', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const unknown: string[] = [];
    for (const doc of docs) {
      for (const match of doc.text.matchAll(/npm run ([\w:.-]+)/g)) {
        const script = match[1] ?? '';
        if (!(script in pkg.scripts)) unknown.push(`${where(doc, match.index)} npm run ${script}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('cite constants where they are declared', () => {
    const wrong: string[] = [];
    let cited = 0;
    for (const doc of docs) {
      // "`NAME` in `path`" and "`A`, `B` in `path`": each name must be declared in that file.
      for (const match of doc.prose.matchAll(
        /((?:`[A-Za-z_$][\w$.]*`(?:,\s*|\s+and\s+))*`[A-Za-z_$][\w$.]*`) in `([^`\s]+)`/g,
      )) {
        const path = match[2] ?? '';
        const file = relativeBases
          .map((base) => join(root, base, path))
          .find((candidate) => existsSync(candidate) && fileExtension.test(candidate));
        const names = [...(match[1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
        if (!file) {
          wrong.push(`${where(doc, match.index)} ${path} is not a file`);
          continue;
        }
        const source = readFileSync(file, 'utf8');
        for (const name of names) {
          cited += 1;
          const [first = '', ...properties] = name.split('.');
          const declared = new RegExp(
            `(?:^|\\s)(?:export\\s+)?(?:declare\\s+)?(?:const|let|var|function|async\\s+function|class|interface|type|enum)\\s+${first}\\b|^\\s*${first}\\s*=|export\\s*\\{[^}]*\\b${first}\\b[^}]*\\}`,
            'm',
          );
          const hasProperties = properties.every((property) =>
            new RegExp(`\\b${property}\\s*[:=(]`).test(source),
          );
          if (!declared.test(source) || !hasProperties) {
            wrong.push(
              `${where(doc, match.index)} \`${name}\` is not declared in ${relative(root, file)}`,
            );
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    // The pattern above must keep finding the citations of docs/product-rules.md.
    expect(cited).toBeGreaterThan(30);
  });

  it('keep the README short', () => {
    const readme = docs.find((doc) => doc.file === 'README.md');
    expect(readme?.text.trimEnd().split('\n').length).toBeLessThanOrEqual(250);
  });

  it('cite no outside documents or issue numbers', () => {
    const cites: string[] = [];
    for (const doc of docs) {
      doc.text.split('\n').forEach((line, i) => {
        if (
          /\b(?:SPEC|DESIGN)\b|§/.test(line) ||
          /\bissues?\s*#?\d+|(?:^|[\s(])#\d+\b/i.test(line)
        ) {
          cites.push(`${doc.file}:${i + 1} ${line.trim()}`);
        }
      });
    }
    expect(cites).toEqual([]);
  });
});
