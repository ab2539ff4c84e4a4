/** SPEC §2 / §8 "No results found" guidance. */

/** The heading, the hint and the three suggestions, worded exactly as SPEC §2 has them. */
export function NoResults() {
  return (
    <div className="search-empty">
      <h2>No results found</h2>
      <p>Try searching with different keywords or check your spelling.</p>
      <ul>
        <li>Try broader terms</li>
        <li>Check for typos</li>
        <li>Use different keywords</li>
      </ul>
    </div>
  );
}
