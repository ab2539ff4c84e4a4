import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The Features page's video cards, in this order. */
const TITLES = [
  'General Notes',
  'Sheet Notes',
  'MS Office Link',
  'Renumber Views',
  'Drafting Export',
  'Schedule Link',
  'Wipe Model',
];

const cards = (page: Page) =>
  page.getByRole('list', { name: 'Feature videos' }).getByRole('listitem');

/** Opens the General Notes video in the dialog and returns the dialog and the button that opened it. */
async function openFirstVideo(page: Page) {
  const enlarge = page.getByRole('button', { name: 'Enlarge General Notes video' });
  await enlarge.click();
  const dialog = page.getByRole('dialog', { name: 'General Notes' });
  await expect(dialog).toBeVisible();
  return { dialog, enlarge };
}

/** Clicks the backdrop: a point above the dialog's box, which is centred with a margin. */
async function clickBackdrop(page: Page) {
  const box = await page.getByRole('dialog').boundingBox();
  if (!box || box.y < 8) throw new Error('the dialog leaves no backdrop above it to click');
  await page.mouse.click(box.x + box.width / 2, box.y / 2);
}

test.describe('/features video cards', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/features');
  });

  test('shows seven cards with the feature titles in order', async ({ page }) => {
    await expect(cards(page)).toHaveCount(TITLES.length);
    await expect(cards(page).getByRole('heading', { level: 3 })).toHaveText(TITLES);
  });

  test('gives every card video muted looping playback, a poster and lazy loading', async ({
    page,
  }) => {
    for (const title of TITLES) {
      const video = cards(page)
        .filter({ has: page.getByRole('heading', { name: title }) })
        .locator('video');
      await expect(video).toHaveAttribute('muted');
      await expect(video).toHaveAttribute('loop');
      await expect(video).toHaveAttribute('playsinline');
      await expect(video).toHaveAttribute('preload', 'none');
      await video.scrollIntoViewIfNeeded();
      await expect(video).toHaveAttribute('poster', /^\/videos\/[a-z-]+\.(jpg|webp)$/);
      expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    }
  });

  test('requests a poster only after the page has loaded, for cards near the screen', async ({
    page,
  }) => {
    const first = cards(page).first().locator('video');
    const last = cards(page).last().locator('video');
    await expect(first).toHaveAttribute('poster', '/videos/general-notes.jpg');
    expect(await last.getAttribute('poster')).toBeNull();
    await last.scrollIntoViewIfNeeded();
    await expect(last).toHaveAttribute('poster', '/videos/wipe-model.jpg');
    const posterStarts = () =>
      page.evaluate(() => {
        const [navigation] = performance.getEntriesByType('navigation');
        const loaded = (navigation as PerformanceNavigationTiming).loadEventStart;
        return performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.jpg'))
          .map((entry) => entry.startTime >= loaded);
      });
    await expect.poll(async () => (await posterStarts()).length).toBeGreaterThanOrEqual(2);
    expect(await posterStarts()).not.toContain(false);
  });

  test('opens the first video enlarged with controls; the x button closes it and focus returns', async ({
    page,
  }) => {
    const { dialog, enlarge } = await openFirstVideo(page);
    const player = dialog.locator('video');
    await expect(player).toHaveAttribute('controls');
    await expect(player).toHaveAttribute('src', '/videos/general-notes.mp4');
    await expect(dialog.getByRole('heading', { name: 'General Notes' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close video' })).toBeFocused();
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);

    await dialog.getByRole('button', { name: 'Close video' }).click();
    await expect(dialog).toBeHidden();
    await expect(enlarge).toBeFocused();
    // A closed dialog leaves the accessibility tree, so its video is found by tag here.
    await expect(page.locator('dialog video')).not.toHaveAttribute('src');
  });

  test('closes the dialog on a backdrop click, also after reopening', async ({ page }) => {
    const { dialog, enlarge } = await openFirstVideo(page);
    await dialog.getByRole('button', { name: 'Close video' }).click();
    await expect(dialog).toBeHidden();

    await openFirstVideo(page);
    await clickBackdrop(page);
    await expect(dialog).toBeHidden();
    await expect(enlarge).toBeFocused();
  });

  test('plays a card video while it is in view and pauses it when scrolled away', async ({
    page,
  }) => {
    const first = cards(page).first().locator('video');
    await first.scrollIntoViewIfNeeded();
    await expect
      .poll(() => first.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0))
      .toBe(true);
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect.poll(() => first.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  });

  test('keeps the dialog open on a click inside it', async ({ page }) => {
    const { dialog } = await openFirstVideo(page);
    await dialog.getByRole('heading', { name: 'General Notes' }).click();
    await expect(dialog).toBeVisible();
  });

  test('closes the dialog on Escape, also after reopening', async ({ page }) => {
    const { dialog, enlarge } = await openFirstVideo(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await openFirstVideo(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(enlarge).toBeFocused();
  });
});

test.describe('/features with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('leaves the card videos paused on their posters', async ({ page }) => {
    await page.goto('/features');
    const first = cards(page).first().locator('video');
    await first.scrollIntoViewIfNeeded();
    // Give the observer time to fire; with reduced motion it must not start playback.
    await page.waitForTimeout(500);
    expect(await first.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  });
});
