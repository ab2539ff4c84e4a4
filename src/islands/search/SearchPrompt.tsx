/** The prompt for `/search` without a query: a search box right on the page. */
import { useId, type FormEvent } from 'react';
import { searchUrl } from '../../scripts/header';

/** Searches with the header box's rule, for phones where the header menu is folded away. */
export function SearchPrompt() {
  const inputId = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('q') as HTMLInputElement;
    // SPEC §5: only non-empty trimmed text is searched (same rule as the header box).
    const url = searchUrl(input.value);
    if (url) window.location.assign(url);
    else input.focus();
  };
  return (
    <form
      className="search-prompt"
      role="search"
      aria-label="Search this site"
      action="/search"
      method="get"
      onSubmit={onSubmit}
    >
      <label htmlFor={inputId}>Type a word or two to find it on the site.</label>
      <div className="search-prompt-row">
        <input id={inputId} name="q" type="search" required autoComplete="off" />
        <button className="button" type="submit">
          Search
        </button>
      </div>
    </form>
  );
}
