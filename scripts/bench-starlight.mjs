// The yardstick of `npm run bench`: a stock Starlight site built from our own content,
// so our static pages can be compared with a well-tuned documentation theme in the same run.
//
// It writes a small Astro project into a temporary directory under .bench-starlight/ (inside the
// repository, see `buildStarlight`; git-ignored, so lint, types and spelling never see it): the
// MDX of `/` (overview), /pricing, /features and /privacy, with their `{site.product}`-style
// expressions importing our src/site.config.ts unchanged, and public/ (the feature videos and their
// posters). Our own components become what Starlight can render: the plan cards and the comparison
// table become markdown built from site.config, the Overview cards a list of links, the feature
// videos the same <video> cards as plain HTML (same poster, size and preload="none"). Then it
// builds the site with Starlight's defaults (its sidebar, table of contents, Pagefind search and
// theme script), one sidebar entry per page.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';

const repo = new URL('../', import.meta.url).pathname;
const content = join(repo, 'src/content');
/** Where the yardstick is built: inside the repository (see `buildStarlight`), git-ignored. */
const workDir = join(repo, '.bench-starlight');

/** Our route → the MDX it renders → Starlight's route (its slug is the file name). */
export const starlightPages = [
  { path: '/', source: 'pages/overview.mdx', file: 'index.mdx', starlightPath: '/' },
  {
    path: '/pricing',
    source: 'pages/pricing.mdx',
    file: 'pricing.mdx',
    starlightPath: '/pricing/',
  },
  {
    path: '/features',
    source: 'pages/features.mdx',
    file: 'features.mdx',
    starlightPath: '/features/',
  },
  {
    path: '/privacy',
    source: 'legal/privacy.mdx',
    file: 'privacy.mdx',
    starlightPath: '/privacy/',
  },
];

/** Splits `---` frontmatter (flat `key: value` lines, as our collections use) from the body. */
function splitFrontmatter(text) {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!match) throw new Error('MDX without frontmatter');
  const data = {};
  for (const line of match[1].split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) data[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return { data, body: text.slice(match[0].length) };
}

const yamlString = (value) => JSON.stringify(String(value).replace(/^['"]|['"]$/g, ''));

/** The Overview cards, read from their component so the text stays ours. */
function overviewCards() {
  const source = readFileSync(join(repo, 'src/components/OverviewCards.astro'), 'utf8');
  const cards = [
    ...source.matchAll(/title:\s*'([^']*)',\s*text:\s*'([^']*)',\s*href:\s*'([^']*)'/g),
  ];
  if (cards.length === 0) throw new Error('OverviewCards.astro: no cards found');
  return cards.map(([, title, text, href]) => `- **[${title}](${href})**: ${text}`).join('\n');
}

function planCards({ plans, planOffers, planOrder }) {
  return planOrder
    .map((id) => {
      const plan = plans[id];
      const offer = planOffers[id];
      return [
        `## ${plan.name}`,
        '',
        `**${plan.priceLabel}** ${plan.period}`,
        '',
        plan.summary,
        '',
        ...offer.features.map((feature) => `- ${feature}`),
        '',
        `[${offer.cta.label}](${offer.cta.href})`,
      ].join('\n');
    })
    .join('\n\n');
}

function comparisonTable({ plans, comparison }) {
  const cell = (text) => String(text).replace(/\|/g, '\\|');
  return [
    `| Feature | ${plans.trial.name} | ${plans.standard.name} | ${plans.enterprise.name} |`,
    '| --- | --- | --- | --- |',
    ...comparison.map(
      (row) =>
        `| ${cell(row.feature)} | ${cell(row.free)} | ${cell(row.annual)} | ${cell(row.enterprise)} |`,
    ),
  ].join('\n');
}

function featureVideos() {
  const dir = join(content, 'features');
  const entries = readdirSync(dir)
    .filter((name) => name.endsWith('.mdx'))
    .map((name) => splitFrontmatter(readFileSync(join(dir, name), 'utf8')))
    .sort((a, b) => Number(a.data.order) - Number(b.data.order));
  return entries
    .map(({ data, body }) =>
      [
        `### ${data.title}`,
        '',
        data.summary,
        '',
        `<video src="/videos/${data.video}" poster="/videos/${data.poster}" width="640" height="360" muted loop playsinline preload="none" aria-hidden="true"></video>`,
        '',
        body.trim(),
      ].join('\n'),
    )
    .join('\n\n');
}

/** Our MDX body with our components replaced by markdown Starlight renders. */
function convert(body, config) {
  const replacements = {
    OverviewCards: () => overviewCards(),
    PlanCards: () => planCards(config),
    ComparisonTable: () => comparisonTable(config),
    FeatureVideos: () => featureVideos(),
  };
  return body.replace(/^<([A-Z]\w*) \/>$/gm, (tag, name) => {
    const replace = replacements[name];
    if (!replace) throw new Error(`bench-starlight: no markdown for <${name} />`);
    return replace();
  });
}

/**
 * Writes and builds the Starlight site; returns `{ dist, cleanup }`. `dist` is a static site in the
 * same shape as ours (directory URLs: /pricing/ → pricing/index.html).
 */
export async function buildStarlight() {
  // The project lives inside the repository, not in the OS temp directory with a symlink to our
  // node_modules: Node resolves packages (Astro resolves Starlight's injected routes with
  // require.resolve) to their real paths, and Astro maps an absolute .astro path that shares no
  // directory with the project root (/work/… against /tmp/…) to a root-relative URL
  // (/tmp/…/work/…/Page.astro), so its compiled styles are never found ("No cached compile
  // metadata found for …Page.astro?astro&type=style"). Here the packages resolve from the
  // repository's node_modules by the ordinary lookup up the directory tree, with no symlink, and
  // every path shares the repository's directory with the root.
  mkdirSync(workDir, { recursive: true });
  const root = mkdtempSync(join(workDir, 'starlight-'));
  // .bench-starlight/ itself stays: another bench may be building its own yardstick in it.
  const cleanup = () => rmSync(root, { recursive: true, force: true });
  try {
    // Listed so Vite bundles Starlight's .astro files instead of leaving them to Node.
    const pkg = {
      type: 'module',
      private: true,
      dependencies: { '@astrojs/starlight': '*', astro: '*' },
    };
    writeFileSync(join(root, 'package.json'), `${JSON.stringify(pkg)}\n`);
    // Starlight's own template tsconfig, so the repository's (React JSX, our includes) is not the
    // nearest one for the yardstick's files.
    const tsconfig = {
      extends: 'astro/tsconfigs/strict',
      include: ['.astro/types.d.ts', '**/*'],
      exclude: ['dist'],
    };
    writeFileSync(join(root, 'tsconfig.json'), `${JSON.stringify(tsconfig)}\n`);
    const docs = join(root, 'src/content/docs');
    mkdirSync(docs, { recursive: true });
    cpSync(join(repo, 'public'), join(root, 'public'), { recursive: true });
    writeFileSync(
      join(root, 'src/content.config.ts'),
      [
        "import { defineCollection } from 'astro:content';",
        "import { docsLoader } from '@astrojs/starlight/loaders';",
        "import { docsSchema } from '@astrojs/starlight/schema';",
        'export const collections = {',
        '  docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }),',
        '};',
        '',
      ].join('\n'),
    );
    const config = await import(join(repo, 'src/site.config.ts'));
    for (const page of starlightPages) {
      const { data, body } = splitFrontmatter(readFileSync(join(content, page.source), 'utf8'));
      // Starlight's own `lastUpdated` is a date from git; ours is text shown under the title.
      const lastUpdated = data.lastUpdated ? `Last updated: ${data.lastUpdated}\n\n` : '';
      const [ourImports, rest] = splitImports(convert(body, config));
      // Our MDX imports `../../site.config`: point that at the repository's file.
      const imports = ourImports.replace(
        /from '(\.\.\/)+site\.config'/g,
        `from '${relative(docs, join(repo, 'src/site.config.ts'))}'`,
      );
      const frontmatter = `---\ntitle: ${yamlString(data.title)}\ndescription: ${yamlString(data.description)}\n---\n`;
      writeFileSync(join(docs, page.file), `${frontmatter}${imports}\n${lastUpdated}${rest}`);
    }

    writeFileSync(
      join(root, 'astro.config.mjs'),
      `import starlight from '@astrojs/starlight';
import { defineConfig } from 'astro/config';

export default defineConfig({
  site: ${JSON.stringify(config.site.url)},
  integrations: [
    starlight({
      title: ${JSON.stringify(config.site.product)},
      description: ${JSON.stringify(config.site.description)},
      sidebar: [
        { label: 'Overview', link: '/' },
        { slug: 'pricing' },
        { slug: 'features' },
        { slug: 'privacy' },
      ],
    }),
  ],
});
`,
    );
    // In a child process, so Astro's build state stays out of the bench's own process.
    execFileSync(
      process.execPath,
      [join(repo, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'],
      {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      },
    );
    return { dist: join(root, 'dist'), cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

/** Keeps the MDX `import` lines first, before any text the conversion puts at the top. */
function splitImports(body) {
  const lines = body.split('\n');
  let i = 0;
  while (i < lines.length && (lines[i].startsWith('import ') || lines[i].trim() === '')) i++;
  return [lines.slice(0, i).join('\n'), lines.slice(i).join('\n')];
}
