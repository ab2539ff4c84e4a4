/** A past moment as "2 hours ago", with the full date and time on hover and for machines. */
import { formatDateTime, relativeTime } from '../../lib/format';

export function Moment({ iso, now }: { iso: string; now: number }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {relativeTime(iso, now)}
    </time>
  );
}
