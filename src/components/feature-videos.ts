/**
 * Behavior of FeatureVideos.astro: card videos get their posters once the page has loaded, play
 * only while on screen (and never when the visitor prefers reduced motion), and a card's button
 * opens its video in the shared <dialog>.
 */

/** Share of a card video that must be visible before it plays. */
const VISIBLE_SHARE = 0.5;
/** How far outside the viewport a card's poster is requested: one screen ahead, so it is there
 * by the time the card scrolls into view. */
const POSTER_MARGIN = '100% 0px';

/**
 * Sets each card video's poster from `data-poster` once the page has loaded, for the cards on or
 * near the screen. As `poster` attributes in the HTML, the seven posters (230 KB) were requested
 * before the text had painted and competed with it: mobile Lighthouse put /features' LCP at 2.1 s.
 * The box keeps its size and dark background until the poster arrives, so nothing moves.
 */
function loadPostersWhenLoaded(videos: HTMLVideoElement[]): void {
  const start = () => {
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const video = entry.target as HTMLVideoElement;
          if (video.dataset['poster']) video.poster = video.dataset['poster'];
          observer.unobserve(video);
        }
      },
      { rootMargin: POSTER_MARGIN },
    );
    for (const video of videos) observer.observe(video);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** Wires one FeatureVideos block: lazy autoplay for its cards and the enlarge dialog. */
export function initFeatureVideos(root: HTMLElement): void {
  const cardVideos = [...root.querySelectorAll<HTMLVideoElement>('[data-card-video]')];
  const dialog = root.querySelector<HTMLDialogElement>('[data-player]');
  const box = root.querySelector<HTMLElement>('[data-player-box]');
  const title = root.querySelector<HTMLElement>('[data-player-title]');
  const player = root.querySelector<HTMLVideoElement>('[data-player-video]');
  const close = root.querySelector<HTMLButtonElement>('[data-player-close]');
  if (!dialog || !box || !title || !player || !close) return;

  loadPostersWhenLoaded(cardVideos);

  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  const play = (video: HTMLVideoElement) => {
    // play() rejects when interrupted by pause() or refused by the browser; the poster stays.
    video.play().catch(() => undefined);
  };

  // Cards play while at least half visible, so seven videos never all decode at once, and
  // pause while the dialog shows the same demo larger.
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const video = entry.target as HTMLVideoElement;
        if (entry.isIntersecting && !reducedMotion.matches && !dialog.open) play(video);
        else video.pause();
      }
    },
    { threshold: VISIBLE_SHARE },
  );
  // Observing again delivers a fresh entry per video, which replays those in view.
  const watch = () => {
    observer.disconnect();
    for (const video of cardVideos) observer.observe(video);
  };
  watch();
  reducedMotion.addEventListener('change', watch);

  let trigger: HTMLButtonElement | null = null;

  root.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('[data-enlarge]');
    if (!button || !root.contains(button)) return;
    const { title: name = '', video = '', poster = '' } = button.dataset;
    trigger = button;
    title.textContent = name;
    player.poster = poster;
    player.src = video;
    for (const v of cardVideos) v.pause();
    dialog.showModal();
    if (!reducedMotion.matches) play(player);
  });

  close.addEventListener('click', () => dialog.close());

  // A click on the backdrop targets the dialog itself (it has no padding); checking the box's
  // rectangle as well keeps a click on the dialog's own edge from closing it.
  dialog.addEventListener('click', (event) => {
    if (event.target !== dialog) return;
    const r = box.getBoundingClientRect();
    const inside =
      event.clientX >= r.left &&
      event.clientX <= r.right &&
      event.clientY >= r.top &&
      event.clientY <= r.bottom;
    if (!inside) dialog.close();
  });

  // Runs for every way of closing (x button, backdrop, Escape): stop the download and playback,
  // hand focus back to the card that opened the dialog, and let visible cards play again.
  dialog.addEventListener('close', () => {
    player.pause();
    player.removeAttribute('src');
    player.load();
    trigger?.focus();
    trigger = null;
    watch();
  });
}
