/**
 * The guide: its reading order (src/lib/guide.ts) and the facts its MDX files must keep true
 * (src/content/guide/). The collection schema itself runs in `astro sync` and the build; these
 * tests read the same frontmatter so a wrong page fails here with its file name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LicenseStatusMessages } from '../../src/contract/catalogue';
import { LicenseFileMessages } from '../../src/contract/plugin-texts';
import { licenseCheckStatuses, licenseKeySchema } from '../../src/contract/schemas/licensing';
import {
  guideGroups,
  guideSequence,
  guideTopics,
  previousAndNext,
  type GuideEntry,
  type GuideTopic,
} from '../../src/lib/guide';

const page = (id: string, topic: GuideTopic, order: number): GuideEntry => ({
  id,
  data: { title: id, topic, order },
});

describe('guideSequence', () => {
  it('orders pages by topic as the topics are listed, then by their order', () => {
    const sequence = guideSequence([
      page('troubleshooting', 'Help', 1),
      page('cad-import', 'Views and sheets', 3),
      page('ribbon', 'Getting started', 1),
      page('renumber-views', 'Views and sheets', 1),
    ]);
    expect(sequence.map((entry) => entry.id)).toEqual([
      'ribbon',
      'renumber-views',
      'cad-import',
      'troubleshooting',
    ]);
  });

  it('refuses two pages with the same order in one topic, naming both', () => {
    expect(() => guideSequence([page('a', 'Schedules', 2), page('b', 'Schedules', 2)])).toThrow(
      /"a" and "b" both have order 2 in the topic "Schedules"/,
    );
  });

  it('allows the same order in different topics', () => {
    expect(() => guideSequence([page('a', 'Schedules', 1), page('b', 'Help', 1)])).not.toThrow();
  });
});

describe('previousAndNext', () => {
  const sequence = guideSequence([
    page('ribbon', 'Getting started', 1),
    page('renumber-views', 'Views and sheets', 1),
    page('troubleshooting', 'Help', 1),
  ]);

  it('links a page to its neighbors across topics', () => {
    const { previous, next } = previousAndNext(sequence, 'renumber-views');
    expect(previous?.id).toBe('ribbon');
    expect(next?.id).toBe('troubleshooting');
  });

  it('gives the first page no previous and the last no next', () => {
    expect(previousAndNext(sequence, 'ribbon').previous).toBeUndefined();
    expect(previousAndNext(sequence, 'troubleshooting').next).toBeUndefined();
  });
});

describe('guideGroups', () => {
  it('lists only the topics that have pages, in topic order', () => {
    const groups = guideGroups(
      guideSequence([page('t', 'Help', 1), page('r', 'Getting started', 1)]),
    );
    expect(groups.map((g) => g.topic)).toEqual(['Getting started', 'Help']);
  });
});

// The guide as written: the MDX files of src/content/guide/.
const guideDir = join(import.meta.dirname, '../../src/content/guide');
const sources = readdirSync(guideDir)
  .filter((name) => name.endsWith('.mdx'))
  .map((name) => ({
    id: name.replace(/\.mdx$/, ''),
    text: readFileSync(join(guideDir, name), 'utf8'),
  }));

/** The `key: value` lines of a page's frontmatter (the guide uses no nested YAML). */
function frontmatter(text: string): Record<string, string> {
  const block = /^---\n([\s\S]*?)\n---\n/.exec(text)?.[1] ?? '';
  return Object.fromEntries(
    block.split('\n').map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at).trim(), line.slice(at + 1).trim()];
    }),
  );
}

const entries = sources.map(({ id, text }) => {
  const data = frontmatter(text);
  return {
    id,
    data: {
      title: data['title'] ?? '',
      description: data['description'] ?? '',
      topic: data['topic'] as GuideTopic,
      order: Number(data['order']),
    },
  };
});

/** The MDX of a page as written, imports and expressions included. */
const source = (id: string) => sources.find((s) => s.id === id)?.text ?? '';

describe('the guide pages', () => {
  it('each have a title, a description, a known topic and a whole-number order', () => {
    for (const { id, data } of entries) {
      expect(data.title, id).not.toBe('');
      expect(data.description, id).not.toBe('');
      expect(guideTopics, id).toContain(data.topic);
      expect(Number.isInteger(data.order) && data.order > 0, id).toBe(true);
    }
  });

  it('have a reading order with no ties, starting with the tour of the ribbon', () => {
    const sequence = guideSequence(entries);
    expect(sequence[0]?.id).toBe('ribbon');
    expect(new Set(entries.map((e) => e.data.title)).size).toBe(entries.length);
  });

  it('cover every feature of the product with a page of its own', () => {
    const features = [
      'renumber-views', // renumber views on a sheet by click sequence
      'schedule-link', // two-way link between spreadsheet data and schedules
      'general-notes-and-sheet-notes', // Word documents as Legend views
      'drafting-export', // batch export of Drafting and Legend views
      'cad-import', // batch import of folders of CAD files
      'wipe-model', // purge tool for sharing models
      'dummy-schedules', // dummy schedules from a spreadsheet
      'legends-from-word', // Legend views from word-processor text
      'license-manager', // in-app license management
    ];
    expect(entries.map((e) => e.id)).toEqual(
      expect.arrayContaining([...features, 'troubleshooting']),
    );
  });

  it('keep "Coming soon..." on exactly one page, the video tutorials, written literally', () => {
    const placeholders = sources.filter(({ text }) => text.includes('Coming soon...'));
    expect(placeholders.map((s) => s.id)).toEqual(['video-tutorials']);
    // A literal expression: Markdown typography would turn the three dots into an ellipsis.
    expect(source('video-tutorials')).toContain("{'Coming soon...'}");
  });
});

describe('the License Manager page', () => {
  const text = source('license-manager');
  const headings = [...text.matchAll(/^### (.+)$/gm)].map((match) => match[1]);

  it('has a section for every status the license API answers and for each error the plugin meets', () => {
    for (const status of [
      ...licenseCheckStatuses,
      'DEACTIVATION_LIMIT',
      'TOO_MANY_ATTEMPTS',
      'VALIDATION_FAILED',
    ]) {
      expect(headings).toContain(status);
    }
    expect(headings).toContain('No connection');
  });

  it('quotes each status message from the contract instead of retyping it', () => {
    for (const status of Object.keys(LicenseStatusMessages))
      expect(text).toContain(`{LicenseStatusMessages.${status}}`);
    for (const reason of Object.keys(LicenseFileMessages))
      expect(text).toContain(`{LicenseFileMessages.${reason}}`);
  });

  it('quotes the message a malformed key gets, as the API words it', () => {
    const result = licenseKeySchema.safeParse('not a key');
    expect(result.success).toBe(false);
    expect(text).toContain(`> ${result.error?.issues[0]?.message}`);
  });
});
