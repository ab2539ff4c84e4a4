/**
 * The members table's view: its page, the column it is sorted by and which way, the search and
 * the status filter. The server pages, sorts and filters (GET /api/team/members); the view is its
 * query, kept in the page's address too, so a reload or a shared link shows the same rows. Pure.
 */
import {
  sortDirections,
  statusFilters,
  teamSortKeys,
  type SortDirection,
  type StatusFilter,
  type TeamPerson,
  type TeamSortKey,
} from '../../contract/team';

export interface TableView {
  /** From 1. */
  page: number;
  sort: TeamSortKey;
  dir: SortDirection;
  /** Words of a name or an e-mail address; '' for everyone. */
  q: string;
  status: StatusFilter;
}

/** What the table first shows: everyone by name, A to Z, from page 1. */
export const firstView: TableView = { page: 1, sort: 'name', dir: 'asc', q: '', status: 'all' };

/** The longest search the server takes. */
export const SEARCH_MAX = 200;

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** The view an address's query asks for; what is missing or not understood reads as the first view's. */
export function viewOf(search: string): TableView {
  const query = new URLSearchParams(search);
  const page = Number(query.get('page'));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    sort: oneOf(teamSortKeys, query.get('sort'), firstView.sort),
    dir: oneOf(sortDirections, query.get('dir'), firstView.dir),
    q: (query.get('q') ?? '').slice(0, SEARCH_MAX),
    status: oneOf(statusFilters, query.get('status'), firstView.status),
  };
}

/** "?page=2&sort=email": the view's query, what equals the first view's left out ('' for it). */
export function viewQuery(view: TableView): string {
  const query = new URLSearchParams();
  for (const key of ['page', 'sort', 'dir', 'q', 'status'] as const) {
    if (view[key] !== firstView[key]) query.set(key, String(view[key]));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The view after a column's heading is pressed: the same column turns around, another is A to Z. */
export function sortedBy(view: TableView, sort: TeamSortKey): TableView {
  const dir = view.sort === sort && view.dir === 'asc' ? 'desc' : 'asc';
  return { ...view, sort, dir, page: 1 };
}

/** "51–100 of 262": the rows of page `page` of `total`, `size` a page. */
export function rangeText(page: number, size: number, shown: number, total: number): string {
  const first = (page - 1) * size + 1;
  return `${first}–${first + shown - 1} of ${total}`;
}

/** A row's key: the member's account, or the invitation. */
export function personKey(person: TeamPerson): string {
  return person.member?.userId ?? person.invitation?.id ?? '';
}

/** A row's e-mail address. */
export function personEmail(person: TeamPerson): string {
  return person.member?.email ?? person.invitation?.email ?? '';
}
