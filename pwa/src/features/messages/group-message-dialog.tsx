import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Dialog } from '../../components/dialog';
import { toast } from '../../components/toasts';
import { api, readEnvelope } from '../../lib/api';
import { isMessageKind, type MessageKind } from '@shared/resources/kinds';
import { errorMessage } from '../../lib/api-error';
import './group-message.css';

/** The lists whose people a group message can reach: the registry's kinds that get messages. */
type GroupResource = MessageKind;
export const takesGroupMessages = isMessageKind;

type Target = { ids: string[] } | { filter: { eventId?: string; status?: string; q?: string } };
type Channel = 'email' | 'whatsapp' | 'sms';
export type GroupBody = Parameters<typeof api.api.messages.groups.$post>[0]['json'];
/** What a send answered: the server's words and how many messages it queued. */
type Sent = { message: string; queued: number };

const sendGroup = async (json: GroupBody): Promise<Sent> => {
  const result = await readEnvelope(api.api.messages.groups.$post({ json }));
  return { message: result.message, queued: result.data.queued };
};

const preview = (json: GroupBody) => readEnvelope(api.api.messages.groups.preview.$post({ json }));
type Preview = Awaited<ReturnType<typeof preview>>['data'];

const CHANNELS: Array<{ value: Channel; label: string }> = [
  { value: 'email', label: 'E-mail (free text)' },
  { value: 'whatsapp', label: 'WhatsApp (approved template)' },
  { value: 'sms', label: 'SMS (DLT template)' },
];

/** `name=value` lines (SMS variables by name) or plain lines (WhatsApp values in order). */
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
const byName = (text: string) =>
  Object.fromEntries(
    lines(text).map((line) => {
      const at = line.indexOf('=');
      return at < 0 ? [line, ''] : [line.slice(0, at).trim(), line.slice(at + 1).trim()];
    }),
  );

/**
 * "Message…" on a list's bulk bar (admins): opens the group message composer for the selection, or for
 * everything the list's filter matches.
 */
export function GroupMessageButton({ resource, target, count }: { resource: GroupResource; target: Target; count: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--ghost button--small" onClick={() => setOpen(true)}>
        Message…
      </button>
      {open ? (
        <Dialog
          placement="sheet"
          title={`Message ${count.toLocaleString('en-IN')} ${count === 1 ? 'person' : 'people'}`}
          onClose={() => setOpen(false)}
          closeOnBackdrop={false}
        >
          <GroupMessageComposer resource={resource} target={target} onDone={() => setOpen(false)} />
        </Dialog>
      ) : null}
    </>
  );
}

/**
 * The composer: channel, the text (e-mail) or the approved template and its values (WhatsApp, SMS; `{name}`
 * is each person's name), an optional time to send at; "Preview" shows the message for one recipient, how
 * many it reaches and not, its cost and how many the caps let go now; then "Send" or "Schedule".
 * `sendWith` sends through another route of the same checks (an exhibitor's request passed on, which sends
 * now: `canSchedule` false); `initial` fills the e-mail's subject and text.
 */
export function GroupMessageComposer({
  resource,
  target,
  onDone,
  initial,
  sendWith = sendGroup,
  canSchedule = true,
}: {
  resource: GroupResource;
  target: Target;
  onDone: () => void;
  initial?: { subject: string; body: string };
  sendWith?: (json: GroupBody) => Promise<Sent>;
  canSchedule?: boolean;
}) {
  const id = useId();
  const [channel, setChannel] = useState<Channel>('email');
  const [subject, setSubject] = useState(initial?.subject ?? '');
  const [body, setBody] = useState(initial?.body ?? '');
  const [template, setTemplate] = useState('');
  const [values, setValues] = useState('');
  const [sendAt, setSendAt] = useState('');
  const [shown, setShown] = useState<{ key: string; preview: Preview } | null>(null);

  const json = (): GroupBody => ({
    resource,
    ...target,
    channel,
    ...(channel === 'email' ? { subject, body } : { template, variables: channel === 'whatsapp' ? lines(values) : byName(values) }),
    ...(sendAt ? { sendAt: new Date(sendAt).toISOString() } : {}),
  });
  const key = JSON.stringify(json());
  const look = useMutation({ mutationFn: () => preview(json()), onSuccess: (result) => setShown({ key, preview: result.data }) });
  const send = useMutation({
    mutationFn: () => sendWith(json()),
    onSuccess: (result) => {
      toast.success(`${result.message}: ${result.queued.toLocaleString('en-IN')} to send`);
      onDone();
    },
  });
  // What was previewed is what is sent: any change asks for a new preview.
  const current = shown?.key === key ? shown.preview : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (current) send.mutate();
    else look.mutate();
  };

  return (
    <form className="panel-form group-message" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-channel`}>Channel</label>
        <select id={`${id}-channel`} value={channel} onChange={(event) => setChannel(event.currentTarget.value as Channel)}>
          {CHANNELS.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      {channel === 'email' ? (
        <>
          <div className="field">
            <label htmlFor={`${id}-subject`}>Subject</label>
            <input id={`${id}-subject`} value={subject} maxLength={150} onChange={(event) => setSubject(event.currentTarget.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-body`}>Text</label>
            <textarea id={`${id}-body`} rows={6} value={body} maxLength={5000} onChange={(event) => setBody(event.currentTarget.value)} />
            <p className="field__hint">{'{name}'} is each person’s name. An unsubscribe link is added.</p>
          </div>
        </>
      ) : (
        <>
          <div className="field">
            <label htmlFor={`${id}-template`}>{channel === 'whatsapp' ? 'Approved template name' : 'DLT template id (MSG91)'}</label>
            <input id={`${id}-template`} value={template} maxLength={100} onChange={(event) => setTemplate(event.currentTarget.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-values`}>{channel === 'whatsapp' ? 'Values, one per line, in order' : 'Variables, one name=value per line'}</label>
            <textarea id={`${id}-values`} rows={4} value={values} onChange={(event) => setValues(event.currentTarget.value)} />
            <p className="field__hint">
              {'{name}'} is each person’s name.{channel === 'sms' ? ' Each variable at most 30 characters (DLT).' : ''}
            </p>
          </div>
        </>
      )}
      {canSchedule ? (
        <div className="field">
          <label htmlFor={`${id}-send-at`}>Send at (empty: now)</label>
          <input id={`${id}-send-at`} type="datetime-local" value={sendAt} onChange={(event) => setSendAt(event.currentTarget.value)} />
        </div>
      ) : null}

      {current ? <PreviewSummary preview={current} /> : null}
      {look.isError || send.isError ? (
        <p className="panel-banner" role="alert">
          {errorMessage(look.error ?? send.error, 'The message could not be checked')}
        </p>
      ) : null}
      <div className="panel-form__actions">
        <button type="button" className="button button--ghost" onClick={onDone}>
          Cancel
        </button>
        {current ? (
          <button type="submit" className="button button--primary" disabled={send.isPending || current.sending === 0} aria-busy={send.isPending}>
            {sendAt ? 'Schedule' : 'Send now'}
          </button>
        ) : (
          <button type="submit" className="button button--primary" disabled={look.isPending} aria-busy={look.isPending}>
            Preview
          </button>
        )}
      </div>
    </form>
  );
}

function PreviewSummary({ preview }: { preview: Preview }) {
  const message = preview.sample?.message;
  return (
    <section className="group-message__preview" aria-label="Preview" data-testid="group-preview">
      <dl className="panel-dl">
        <dt>People</dt>
        <dd>{preview.count.toLocaleString('en-IN')}</dd>
        <dt>Will be sent</dt>
        <dd>{preview.sending.toLocaleString('en-IN')}</dd>
        {preview.paid ? (
          <>
            <dt>Estimated cost</dt>
            <dd>₹{preview.estimatedCostInr.toLocaleString('en-IN')}</dd>
            <dt>Within the caps now</dt>
            <dd>
              {preview.withinCapsNow.toLocaleString('en-IN')}
              {preview.waitingForCaps ? ` (${preview.waitingForCaps.toLocaleString('en-IN')} wait for the next hour or day)` : ''}
            </dd>
          </>
        ) : null}
      </dl>
      {Object.entries(preview.notSent).length ? (
        <ul className="group-message__not-sent">
          {Object.entries(preview.notSent).map(([reason, n]) => (
            <li key={reason}>
              {n.toLocaleString('en-IN')} {reason}
            </li>
          ))}
        </ul>
      ) : null}
      {preview.tooMany ? <p role="alert">More than 5,000 people: only the first 5,000 get it.</p> : null}
      {message && preview.sample ? (
        <figure className="group-message__sample">
          <figcaption>
            As {preview.sample.name} ({preview.sample.recipient}) gets it
          </figcaption>
          {message.channel === 'email' ? (
            <>
              <p>
                <strong>{message.mail.subject}</strong>
              </p>
              <pre>{message.mail.text}</pre>
            </>
          ) : message.channel === 'whatsapp' ? (
            <pre>{[`Template ${message.template}`, ...message.parameters.map((p, i) => `{{${i + 1}}} ${p}`)].join('\n')}</pre>
          ) : (
            <pre>{[`Template ${message.templateId}`, ...Object.entries(message.variables).map(([k, v]) => `${k}: ${v}`)].join('\n')}</pre>
          )}
        </figure>
      ) : null}
    </section>
  );
}
