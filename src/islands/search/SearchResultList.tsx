/** The list of SPEC §2 search results: title link, highlighted snippet, path link. */
import { Fragment } from 'react';
import { ELLIPSIS, highlight, type SearchResult } from '../../lib/search/rules';

interface Props {
  results: readonly SearchResult[];
  words: readonly string[];
}

export function SearchResultList({ results, words }: Props) {
  return (
    <ol className="search-results">
      {results.map((result, i) => (
        <SearchResultItem
          key={`${result.path}#${result.anchor ?? ''}:${i}`}
          result={result}
          words={words}
        />
      ))}
    </ol>
  );
}

function SearchResultItem({ result, words }: { result: SearchResult; words: readonly string[] }) {
  const href = result.anchor ? `${result.path}#${encodeURIComponent(result.anchor)}` : result.path;
  const { snippet } = result;
  // The heading of the intro passage is the page title itself; naming it twice adds nothing.
  const section = result.section && result.section !== result.title ? result.section : undefined;
  return (
    <li className="search-result">
      <h2 className="search-result-title">
        <a href={href}>
          {result.title}
          {section && <span className="search-result-section"> › {section}</span>}
        </a>
      </h2>
      <p className="search-result-snippet">
        {snippet.cutStart && ELLIPSIS}
        {highlight(snippet.text, words).map((segment, i) =>
          segment.match ? (
            <mark key={i}>{segment.text}</mark>
          ) : (
            <Fragment key={i}>{segment.text}</Fragment>
          ),
        )}
        {snippet.cutEnd && ELLIPSIS}
      </p>
      <a className="search-result-path" href={href}>
        {result.path}
      </a>
    </li>
  );
}
