/**
 * Parts loaded when first shown (src/islands/shared/lazy-part.tsx), rendered to HTML as Astro and
 * React render them: nothing for a dialog never opened, "Loading..." until the code is there, the
 * part itself afterwards, and a failed load tried again.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { lazyDialog, lazyPart, partLoading } from '../../src/islands/shared/lazy-part';

interface Props {
  open: boolean;
  name: string;
}

const Greeting = ({ open, name }: Props) =>
  createElement('p', null, `${open ? 'Open' : 'Closed'} for ${name}`);

describe('lazyPart', () => {
  it('stands in with a short Loading... status, then renders the part once loaded', async () => {
    const load = vi.fn(async () => Greeting);
    const Part = lazyPart(load);
    expect(renderToStaticMarkup(createElement(Part, { open: true, name: 'Jordan' }))).toBe(
      `<p class="dashboard-loading" role="status">${partLoading}</p>`,
    );
    await Part.preload();
    expect(renderToStaticMarkup(createElement(Part, { open: true, name: 'Jordan' }))).toBe(
      '<p>Open for Jordan</p>',
    );
    await Part.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again after a failed load, and preload never throws', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(Greeting);
    const Part = lazyPart(load);
    await expect(Part.preload()).resolves.toBeUndefined();
    expect(renderToStaticMarkup(createElement(Part, { open: true, name: 'Ana' }))).toContain(
      partLoading,
    );
    await Part.preload();
    expect(load).toHaveBeenCalledTimes(2);
    expect(renderToStaticMarkup(createElement(Part, { open: true, name: 'Ana' }))).toBe(
      '<p>Open for Ana</p>',
    );
  });
});

describe('lazyDialog', () => {
  it('renders and loads nothing until first opened', () => {
    const load = vi.fn(async () => Greeting);
    const Dialog = lazyDialog(load);
    expect(renderToStaticMarkup(createElement(Dialog, { open: false, name: 'Ana' }))).toBe('');
    expect(load).not.toHaveBeenCalled();
    expect(renderToStaticMarkup(createElement(Dialog, { open: true, name: 'Ana' }))).toContain(
      partLoading,
    );
  });

  it('renders the dialog, open or closed, once its code is loaded', async () => {
    const Dialog = lazyDialog(async () => Greeting);
    await Dialog.preload();
    expect(renderToStaticMarkup(createElement(Dialog, { open: true, name: 'Ana' }))).toBe(
      '<p>Open for Ana</p>',
    );
  });
});
