import { type FormEvent, useId, useState } from 'react';
import type { PageSize } from './list-search';

/** The count, page size, Previous/Next and "Go to page". */
export function ListPager({
  total,
  page,
  totalPages,
  pageSize,
  pageSizes,
  onPage,
  onSize,
}: {
  /** Absent until the first page arrives. */
  total: number | undefined;
  page: number;
  totalPages: number;
  pageSize: number;
  pageSizes: readonly PageSize[];
  onPage: (page: number) => void;
  onSize: (size: PageSize) => void;
}) {
  const ids = { size: useId(), jump: useId() };
  const [jump, setJump] = useState('');
  // Until the first page answers, the number of pages is not known: a jump would be clamped to page 1.
  const known = total !== undefined;
  const onJump = (event: FormEvent) => {
    event.preventDefault();
    if (!known) return;
    const target = Math.min(totalPages, Math.max(1, Math.trunc(Number(jump))));
    if (Number.isFinite(target)) onPage(target);
    setJump('');
  };
  return (
    <nav className="panel-pager" aria-label="Pages">
      <span className="panel-muted" data-testid="list-total">
        {total !== undefined ? `${total.toLocaleString('en-IN')} record${total === 1 ? '' : 's'} · Page ${page} of ${totalPages}` : ''}
      </span>
      <span className="panel-pager__controls">
        <span className="panel-pager__size">
          <label htmlFor={ids.size}>Rows per page</label>
          <select id={ids.size} value={pageSize} onChange={(event) => onSize(Number(event.currentTarget.value) as PageSize)}>
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </span>
        <button type="button" className="button button--ghost button--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <button type="button" className="button button--ghost button--small" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          Next
        </button>
        <form className="panel-pager__jump" onSubmit={onJump}>
          <label htmlFor={ids.jump}>Go to page</label>
          <input
            id={ids.jump}
            type="number"
            inputMode="numeric"
            min={1}
            max={totalPages}
            value={jump}
            onChange={(event) => setJump(event.currentTarget.value)}
          />
          <button type="submit" className="button button--ghost button--small" disabled={!jump || !known}>
            Go
          </button>
        </form>
      </span>
    </nav>
  );
}
