import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatMinute } from '@shared/dates';
import { toast } from '../../components/toasts';
import { errorMessage } from '../../lib/api-error';
import { readEnvelope } from '../../lib/envelope';
import { portalApi } from '../../lib/portal-api';
import { recordLeadChange } from './lead-sync';
import { bookingQuery, type Lead, portalKeys, type Question } from './portal-queries';

const RATINGS = [
  ['hot', 'Hot'],
  ['warm', 'Warm'],
  ['cold', 'Cold'],
] as const;

/** One lead on the Leads screen: who, rating, follow-ups and note, each change a queued lead operation. */
export function LeadCard({ lead, questions, actor }: { lead: Lead; questions: Question[]; actor: string }) {
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
