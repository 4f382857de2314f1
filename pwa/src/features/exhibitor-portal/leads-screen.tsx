import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatMinute } from '@shared/dates';
import { toast } from '../../components/toasts';
import { answerFile } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { readEnvelope } from '../../lib/envelope';
import { type ExportFormat, saveExport } from '../../lib/export-file';
import { recordLeadChange, useLeadSync } from './lead-sync';
import { portalApi } from '../../lib/portal-api';
import { bookingQuery, meQuery, portalKeys } from './portal-queries';

const PAGE_SIZE = 50;
const RATINGS = [
  ['hot', 'Hot'],
  ['warm', 'Warm'],
  ['cold', 'Cold'],
] as const;

const leadsQuery = (page: number) =>
  queryOptions({
    queryKey: [...portalKeys.all, 'leads', page],
    queryFn: async () => (await readEnvelope(portalApi.leads.$get({ query: { page: String(page), limit: String(PAGE_SIZE) } }))).data,
    placeholderData: keepPreviousData,
  });
type LeadPage = Awaited<ReturnType<ReturnType<typeof leadsQuery>['queryFn'] & {}>>;
type Lead = LeadPage['items'][number];
type Question = LeadPage['questions'][number];

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

function LeadCard({ lead, questions, actor }: { lead: Lead; questions: Question[]; actor: string }) {
  const booking = useQuery(bookingQuery());
  const eventId = booking.data?.event?.id ?? '';
  const [note, setNote] = useState(lead.note);
  const [rating, setRating] = useState(lead.rating);
  const [ticked, setTicked] = useState<string[]>(lead.followUps);
  const [asking, setAsking] = useState(false);
  useEffect(() => setNote(lead.note), [lead.note]);
  useEffect(() => setRating(lead.rating), [lead.rating]);
  useEffect(() => setTicked(lead.followUps), [lead.followUps]);

  const change = (input: Parameters<typeof recordLeadChange>[1]) =>
    recordLeadChange(eventId, input, actor).catch(() => toast.error('This phone could not save the change. Try again.'));
  const rate = (value: 'hot' | 'warm' | 'cold') => {
    setRating(value);
    void change({ kind: 'rate', leadId: lead.id, rating: value, base: lead.bases.rating });
  };
  const tick = (id: string, on: boolean) => {
    const next = on ? [...ticked, id] : ticked.filter((t) => t !== id);
    setTicked(next);
    void change({ kind: 'follow_up', leadId: lead.id, followUps: next, base: lead.bases.followUps });
  };

  return (
    <li className={`lead-card${lead.shared ? '' : ' lead-card--hidden'}`} data-testid="lead" data-shared={lead.shared ? '1' : '0'}>
      <div className="lead-card__who">
        <strong data-testid="lead-name">{lead.name}</strong>
        {lead.mobileNumber ? (
          <a href={`tel:${lead.mobileNumber.replace(/\s/g, '')}`} data-testid="lead-mobile">
            {lead.mobileNumber}
          </a>
        ) : null}
        <span className="panel-muted">
          {formatMinute(lead.scannedAt)}
          {lead.scannedBy ? ` · ${lead.scannedBy}` : ''}
        </span>
      </div>
      {lead.answers.length > 0 ? (
        <dl className="lead-card__answers" data-testid="lead-answers">
          {lead.answers.map((item) => (
            <div key={item.question}>
              <dt>{item.question}</dt>
              <dd>{item.answer}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <fieldset className="lead-card__rating">
        <legend className="ci-visually-hidden">Rating</legend>
        {RATINGS.map(([value, label]) => (
          <button key={value} type="button" className={`button lead-rate lead-rate--${value}`} aria-pressed={rating === value} onClick={() => rate(value)}>
            {label}
          </button>
        ))}
      </fieldset>
      {questions.length ? (
        <fieldset className="lead-card__follow">
          <legend>Follow up</legend>
          {questions.map((q) => (
            <label key={q.id} className="lead-check">
              <input type="checkbox" checked={ticked.includes(q.id)} onChange={(e) => tick(q.id, e.target.checked)} /> {q.label}
            </label>
          ))}
        </fieldset>
      ) : null}
      <label className="lead-card__note">
        Note
        <textarea
          className="input"
          rows={2}
          value={note}
          maxLength={2000}
          onChange={(e) => setNote(e.target.value)}
          onBlur={() => {
            if (note !== lead.note) void change({ kind: 'note', leadId: lead.id, note, base: lead.bases.note });
          }}
        />
      </label>
      {!lead.shared ? (
        lead.messageRequest ? (
          <p className="panel-muted">
            {lead.messageRequest === 'sent'
              ? 'The organiser passed your message on.'
              : lead.messageRequest === 'declined'
                ? 'The organiser did not pass your message on.'
                : 'The organiser will pass your message on.'}
          </p>
        ) : asking ? (
          <AskOrganiser leadId={lead.id} onDone={() => setAsking(false)} />
        ) : (
          <button type="button" className="portal-link-button" onClick={() => setAsking(true)}>
            Ask the organiser to pass on a message
          </button>
        )
      ) : null}
    </li>
  );
}

function AskOrganiser({ leadId, onDone }: { leadId: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const ask = useMutation({
    // The route reads its body itself (another exhibitor's lead is 404 before any body is looked at).
    mutationFn: () =>
      readEnvelope(
        portalApi.leads[':id']['message-requests'].$post(
          { param: { id: leadId } },
          { headers: { 'Content-Type': 'application/json' }, init: { body: JSON.stringify({ message }) } },
        ),
      ),
    onSuccess: (answer) => {
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: [...portalKeys.all, 'leads'] });
      onDone();
    },
    onError: (error) => toast.error(errorMessage(error, 'The request could not be sent')),
  });
  return (
    <form
      className="portal-form"
      onSubmit={(e) => {
        e.preventDefault();
        ask.mutate();
      }}
    >
      <label>
        Your message (the organiser sends it; their number stays private)
        <textarea className="input" rows={3} maxLength={1000} value={message} onChange={(e) => setMessage(e.target.value)} required />
      </label>
      <div className="leads-export">
        <button type="submit" className="button button--primary" disabled={ask.isPending || !message.trim()}>
          Send to the organiser
        </button>
        <button type="button" className="button button--ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The owner's follow-up questions: a few lines staff tick per lead ("Site visit", "Send brochure"). */
function FollowUpQuestions({ questions }: { questions: Question[] }) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState(questions.map((q) => ({ id: q.id as string | undefined, label: q.label })));
  useEffect(() => setRows(questions.map((q) => ({ id: q.id as string | undefined, label: q.label }))), [questions]);
  const save = useMutation({
    mutationFn: () => readEnvelope(portalApi.questions.$put({ json: { questions: rows.filter((r) => r.label.trim()) } })),
    onSuccess: (answer) => {
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: [...portalKeys.all, 'leads'] });
    },
    onError: (error) => toast.error(errorMessage(error, 'The questions could not be saved')),
  });
  return (
    <section className="portal-card" aria-labelledby="follow-title">
      <h2 id="follow-title">Follow-up questions</h2>
      <form
        className="portal-form"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        {rows.map((row, i) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved
            key={i}
            className="input"
            aria-label={`Question ${i + 1}`}
            value={row.label}
            maxLength={120}
            onChange={(e) => setRows(rows.map((r, j) => (j === i ? { ...r, label: e.target.value } : r)))}
          />
        ))}
        <div className="leads-export">
          {rows.length < 10 ? (
            <button type="button" className="button" onClick={() => setRows([...rows, { id: undefined, label: '' }])}>
              Add a question
            </button>
          ) : null}
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            Save questions
          </button>
        </div>
      </form>
    </section>
  );
}
