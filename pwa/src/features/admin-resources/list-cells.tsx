import { Link } from '@tanstack/react-router';
import { formatMobile } from '@shared/schemas/mobile-number';
import type { BaseRecord } from '../../lib/api';
import { formatCreatedOn, formatEventDate } from '@shared/dates';
import { formatInr, statusLabel } from '../../components/panel-format';
import { type PendingChange, retryPending } from './offline-queue';
import type { Column } from './types';
import { type Answers, answerText } from '@shared/registration-questions';
import { useEventQuestions } from '../../components/event-queries';

/** "pending" while a change waits in the outbox; "not sent" with the server's reason and a retry when refused. */
function PendingBadge({ pending }: { pending: PendingChange }) {
  if (pending.state !== 'refused') {
    return (
      <span className="panel-badge panel-badge--pending" data-testid="pending-badge" title="Saved on this device; sent when the network returns">
        pending
      </span>
    );
  }
  return (
    <span className="panel-pending-refused" data-testid="refused-badge">
      <span className="panel-badge panel-badge--refused">not sent</span> <span className="panel-muted">{pending.reason}</span>{' '}
      <button type="button" className="button button--ghost button--small" onClick={() => void retryPending(pending.seq)}>
        Retry
      </button>{' '}
      <Link to="/panel/checkin" className="panel-link">
        Sync status
      </Link>
    </span>
  );
}

/**
 * The refused changes of this list's people whose rows it does not show (another page, or a person the
 * refusal is about: moved to another event, deleted), so a refusal is never out of sight on the list it was
 * made from.
 */
export function RefusedOffList({ changes }: { changes: PendingChange[] }) {
  if (!changes.length) return null;
  return (
    <section className="panel-banner panel-refused-off-list" aria-label="Changes not sent" data-testid="refused-off-list">
      <p>{changes.length === 1 ? '1 change made on this device was not sent:' : `${changes.length} changes made on this device were not sent:`}</p>
      <ul>
        {changes.map((change) => (
          <li key={change.seq}>
            <strong>{change.label}</strong> <PendingBadge pending={change} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function cellText(row: BaseRecord, column: Column): string {
  for (const key of [column.key, ...(column.fallbackKeys ?? [])]) {
    const value = row[key];
    if (value !== undefined && value !== null && value !== '') return String(value);
  }
  return '';
}

/** A visitor's answers in words ("Villa, Plot · Over ₹1 crore"), read against their event's questions. */
function AnswersCell({ row, answers }: { row: BaseRecord; answers: Answers | undefined }) {
  const questions = useEventQuestions(typeof row.eventId === 'string' ? row.eventId : undefined);
  const ids = Object.keys(answers ?? {});
  if (ids.length === 0) return <>—</>;
  const words = ids.map((id) => {
    const question = questions.find((q) => q.id === id);
    return question ? answerText(question, answers) : (answers?.[id] ?? []).join(', ');
  });
  return <>{words.join(' · ')}</>;
}

/** One value of a row, as its column's kind shows it. */
export function Cell({ row, column, pending }: { row: BaseRecord; column: Column; pending?: PendingChange | undefined }) {
  switch (column.kind) {
    case 'date':
      return <>{formatCreatedOn(row[column.key])}</>;
    case 'status':
      return (
        <>
          <span className="panel-status">{statusLabel(row[column.key])}</span>
          {pending ? <PendingBadge pending={pending} /> : null}
        </>
      );
    case 'event':
      return <>{cellText(row, column) || 'No Event'}</>;
    case 'money':
      return <>{formatInr(row[column.key] ?? 0)}</>;
    case 'phone':
      return <>{formatMobile(cellText(row, column)) || '—'}</>;
    case 'image': {
      const url = row[column.key];
      // No image, an empty cell: a phone's card leaves the line out.
      return typeof url === 'string' && url ? <img className="panel-table__thumb" src={url} alt="" loading="lazy" /> : null;
    }
    case 'answers':
      return <AnswersCell row={row} answers={row[column.key] as Answers | undefined} />;
    case 'period':
      return (
        <>
          <span className="panel-table__line">{formatEventDate(row[column.key])} –</span>{' '}
          <span className="panel-table__line">{formatEventDate(row[column.endKey ?? column.key])}</span>
        </>
      );
    default:
      return (
        <>
          {/* Before the value, which a narrow column may cut short. */}
          {column.badge && row[column.badge.key] === true ? <span className="panel-badge panel-table__badge">{column.badge.text}</span> : null}
          {cellText(row, column) || '—'}
        </>
      );
  }
}

/** The column's priority as a class: the widths that show it, and its share of the row (components/records-list.css). */
export const priorityClass = (column: Column | undefined) => (column ? `panel-col--p${column.priority ?? 1}` : undefined);

/** A value cell's classes: its priority, and its kind where the kind is styled (never cut, two lines). */
export const cellClass = (column: Column) =>
  [column.kind === 'status' || column.kind === 'period' || column.kind === 'phone' ? `panel-table__${column.kind}` : '', priorityClass(column)]
    .join(' ')
    .trim();
