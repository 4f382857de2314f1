import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, readEnvelope } from '../../lib/api';
import { formatCreatedOn } from '@shared/dates';
import { useIsAdmin } from '../../components/panel-session';
import { toast } from '../../components/toasts';
import { errorMessage } from '../../lib/api-error';
import type { ChannelState } from '@edge/notifications/channels';
import './person-messages.css';
import { MESSAGE_KINDS } from '@shared/resources/kinds';

/**
 * The messages of one person (`GET /api/<resource>/:id/messages`), newest first, and whether their e-mail is
 * confirmed; for admins, with which channels the server sends through (and why not).
 */
const messagesOf = async (resource: string, id: string) =>
  (await readEnvelope(api.api[':resource'][':id'].messages.$get({ param: { resource, id: encodeURIComponent(id) } }))).data;

type MessagesAnswer = Awaited<ReturnType<typeof messagesOf>>;
/** One message of the outbox, as the API lists it. */
type PersonMessage = MessagesAnswer['items'][number];
/** Which channels the server sends through, and why not (admins' answer only). */
type ChannelStates = Record<PersonMessage['channel'], ChannelState>;

/** The records that have passes, and so messages (the API's `/:resource/:id/messages`). */
const WITH_MESSAGES = new Set<string>(MESSAGE_KINDS);
export const hasMessages = (resource: string) => WITH_MESSAGES.has(resource);

const CHANNEL_LABELS: Record<PersonMessage['channel'], string> = { email: 'E-mail', whatsapp: 'WhatsApp', sms: 'SMS' };
const STATUS_LABELS: Record<PersonMessage['status'], string> = { queued: 'Queued', sent: 'Sent', failed: 'Failed', not_sent: 'Not sent' };
const TEMPLATE_LABELS: Record<PersonMessage['template'], string> = {
  pass: 'Pass',
  pass_link: 'Pass link again',
  confirm_email: 'E-mail confirmation',
  group: 'Group message',
};

/** Why a channel does not send, if it does not. */
const whyNot = (state: ChannelState | undefined) => (state && !state.configured ? state.why : undefined);

/**
 * The messages sent to one person (their pass by e-mail, WhatsApp and SMS): status, attempts and the last
 * error of each, with "Resend" for admins. Shown in the person's edit drawer.
 */
export function PersonMessages({ resource, id }: { resource: string; id: string }) {
  const isAdmin = useIsAdmin();
  const queryClient = useQueryClient();
  const key = ['person-messages', resource, id];
  const messages = useQuery({
    queryKey: key,
    queryFn: () => messagesOf(resource, id),
    // While something is on its way, look again shortly.
    refetchInterval: (query) => (query.state.data?.items.some((m) => m.status === 'queued') ? 3_000 : false),
  });
  const channels = messages.data && 'channels' in messages.data ? (messages.data.channels as ChannelStates) : undefined;
  const resend = useMutation({
    mutationFn: async (messageId: string) =>
      (
        await readEnvelope(
          api.api[':resource'][':id'].messages[':messageId'].resend.$post({
            param: { resource, id: encodeURIComponent(id), messageId: encodeURIComponent(messageId) },
          }),
        )
      ).data.items,
    onSuccess(items) {
      queryClient.setQueryData<MessagesAnswer>(key, (answer) => (answer ? { ...answer, items } : answer));
      toast.success('Message queued again');
    },
    onError(failure) {
      toast.error(errorMessage(failure, 'Could not resend the message'));
    },
  });

  return (
    <section className="person-messages" aria-label="Messages">
      <h3 className="person-messages__title">Messages</h3>
      {messages.data?.email && !messages.data.email.confirmed ? (
        <p className="person-messages__unconfirmed">
          E-mail <strong>{messages.data.email.address}</strong>: not confirmed yet. E-mails to it wait until its owner opens the confirmation sent to it.
        </p>
      ) : null}
      {messages.isPending ? (
        <p className="person-messages__empty">Loading messages…</p>
      ) : messages.isError ? (
        <p className="person-messages__empty">{errorMessage(messages.error, 'Could not load the messages')}</p>
      ) : messages.data.items.length === 0 ? (
        <p className="person-messages__empty">No messages have been sent to this person.</p>
      ) : (
        <ul className="person-messages__list">
          {messages.data.items.map((message) => (
            <li key={message.id} className="person-messages__item" data-channel={message.channel}>
              <div className="person-messages__head">
                <strong>{CHANNEL_LABELS[message.channel] ?? message.channel}</strong>
                <span className={`person-messages__status person-messages__status--${message.status}`}>{STATUS_LABELS[message.status] ?? message.status}</span>
              </div>
              <div className="person-messages__meta">
                {TEMPLATE_LABELS[message.template] ?? message.template} · to {message.recipient} · {message.attempts}{' '}
                {message.attempts === 1 ? 'attempt' : 'attempts'} · {formatCreatedOn(message.sentAt ?? message.updatedAt)}
              </div>
              {message.lastError ? <div className="person-messages__error">{message.lastError}</div> : null}
              {isAdmin && whyNot(channels?.[message.channel]) ? (
                <p className="person-messages__why" data-testid="channel-missing">
                  No Resend: {whyNot(channels?.[message.channel])}
                </p>
              ) : isAdmin ? (
                <button
                  type="button"
                  className="button button--ghost person-messages__resend"
                  disabled={resend.isPending}
                  onClick={() => resend.mutate(message.id)}
                  aria-label={`Resend ${CHANNEL_LABELS[message.channel] ?? message.channel} message to ${message.recipient}`}
                >
                  Resend
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
