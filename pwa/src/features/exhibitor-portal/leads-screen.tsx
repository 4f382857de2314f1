import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '../../components/toasts';
import { answerFile } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { type ExportFormat, saveExport } from '../../lib/export-file';
import { portalApi } from '../../lib/portal-api';
import { FollowUpQuestions } from './follow-up-questions';
import { LeadCard } from './lead-card';
import { useLeadSync } from './lead-sync';
import { leadsQuery, meQuery, portalKeys } from './portal-queries';

/**
 * The exhibitor's leads (issue 32), every staff phone's: a visitor's name and number only while they
 * consent to share them, else "A visitor who has not shared their details" and a way to ask the organiser
 * to pass a message on. Staff rate, note and tick the exhibitor's follow-ups on the phone; each change is a
 * lead operation queued like a scan. Exports as CSV or Excel.
 */
export function LeadsScreen() {
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const sync = useLeadSync();
  const leads = useQuery(leadsQuery(page));
  const me = useQuery(meQuery());
  const [exporting, setExporting] = useState<string | null>(null);

  // After every sync the list is read again: the phone learns who it scanned from the server.
  useEffect(() => {
    if (sync.lastSuccessAt) void queryClient.invalidateQueries({ queryKey: [...portalKeys.all, 'leads'] });
  }, [sync.lastSuccessAt, queryClient]);

  const download = async (format: ExportFormat) => {
    try {
      setExporting('Fetching the leads…');
      const answer = await answerFile(portalApi.leads['export.csv'].$get(), 'leads.csv');
      await saveExport(answer, 'Leads', format, setExporting);
    } catch (error) {
      toast.error(errorMessage(error, 'The leads could not be exported'));
    } finally {
      setExporting(null);
    }
  };

  const data = leads.data;
  const shared = data?.items.filter((l) => l.shared).length ?? 0;
  return (
    <>
      <section className="portal-card" aria-labelledby="leads-title" data-testid="leads">
        <div className="leads-head">
          <h2 id="leads-title">Leads</h2>
          <span className="portal-badge" data-testid="leads-total">
            {data ? `${data.leads.toLocaleString('en-IN')} ${data.leads === 1 ? 'lead' : 'leads'}` : '…'}
          </span>
        </div>
        {sync.waiting ? (
          <p className="form-message" data-testid="leads-waiting">
            {sync.waiting} {sync.waiting === 1 ? 'scan or change waits' : 'scans and changes wait'} on this phone: they show here once synced.
          </p>
        ) : null}
        {sync.refused.map((entry) => (
          <p key={entry.id} className="form-message form-message--error">
            Not recorded: {entry.reason}
          </p>
        ))}
        <div className="leads-export">
          <button type="button" className="button" disabled={!!exporting} onClick={() => void download('csv')}>
            Export CSV
          </button>
          <button type="button" className="button" disabled={!!exporting} onClick={() => void download('xlsx')}>
            Export Excel
          </button>
          {exporting ? <span className="panel-muted">{exporting}</span> : null}
        </div>
        {leads.isError ? <p className="form-message form-message--error">{leads.error.message}</p> : null}
        {data && data.items.length === 0 ? <p className="panel-muted">No leads yet: scan a visitor’s pass.</p> : null}
        {data?.items.length ? (
          <p className="panel-muted">
            On this page {shared} of {data.items.length} shared their details.
          </p>
        ) : null}
        <ul className="leads-list">
          {data?.items.map((lead) => (
            <LeadCard key={lead.id} lead={lead} questions={data.questions} actor={me.data?.name ?? ''} />
          ))}
        </ul>
        {data && data.totalPages > 1 ? (
          <nav className="leads-pages" aria-label="Pages of leads">
            <button type="button" className="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </button>
            <span>
              Page {page} of {data.totalPages}
            </span>
            <button type="button" className="button" disabled={page >= data.totalPages} onClick={() => setPage((p) => p + 1)}>
              Next
            </button>
          </nav>
        ) : null}
      </section>
      {me.data?.role === 'owner' && data ? <FollowUpQuestions questions={data.questions} /> : null}
    </>
  );
}
