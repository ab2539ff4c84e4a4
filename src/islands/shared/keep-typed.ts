/**
 * What a person typed, or a password manager filled in, before the island hydrated. The server
 * renders each controlled input empty, and a form can be used before its scripts have loaded;
 * hydration keeps what the input shows, but the first render after it would write the empty
 * state back. So each controlled input takes its element's value into its state once, as the
 * island mounts (before the first paint and before any other effect of the island runs).
 *
 * Usage: `const ref = useKeepTyped(value, setValue)` and `<input ref={ref} value={value} …>`;
 * `useKeepTicked` does the same for a checkbox.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';

function useKeepFromElement<E extends HTMLInputElement | HTMLTextAreaElement, V>(
  read: (element: E) => V,
  value: V,
  keep: (found: V) => void,
): RefObject<E | null> {
  const ref = useRef<E | null>(null);
  // The mount's value and callback: what the element holds is compared with the state once.
  const mounted = useRef({ value, keep, read });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const found = mounted.current.read(element);
    if (found !== mounted.current.value) mounted.current.keep(found);
  }, []);
  return ref;
}

/**
 * What the input holds: typed or filled in by the browser, else a value the Worker wrote back
 * into the page (functions/routes/early-forms.ts). The Worker's value is a `value` attribute,
 * which hydration resets to the state's while nobody has typed, so it comes in
 * `data-kept-value` too.
 */
const readValue = (element: HTMLInputElement | HTMLTextAreaElement) => {
  const kept = element.dataset.keptValue ?? '';
  delete element.dataset.keptValue;
  return element.value || kept;
};
const readChecked = (element: HTMLInputElement) => element.checked;

/** A ref for a controlled text input whose value typed before hydration goes to `keep`. */
export function useKeepTyped<E extends HTMLInputElement | HTMLTextAreaElement = HTMLInputElement>(
  value: string,
  keep: (typed: string) => void,
): RefObject<E | null> {
  return useKeepFromElement<E, string>(readValue, value, keep);
}

/** A ref for a controlled checkbox whose tick given before hydration goes to `keep`. */
export function useKeepTicked(
  checked: boolean,
  keep: (ticked: boolean) => void,
): RefObject<HTMLInputElement | null> {
  return useKeepFromElement<HTMLInputElement, boolean>(readChecked, checked, keep);
}

/**
 * Removes the notice the Worker writes into a page whose form the browser sent before the
 * scripts loaded ("press the button again", functions/routes/early-forms.ts): called when the
 * island sends the form itself, after which the notice no longer holds.
 */
export function dismissEarlyFormNotice(): void {
  document.getElementById('early-form-notice')?.remove();
}
