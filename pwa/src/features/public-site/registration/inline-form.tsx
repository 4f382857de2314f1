import { useId } from 'react';
import { useLocale } from '../i18n/locale';
import { ConsentLine } from './consent-line';
import { InlineStallFields } from './inline-stall-fields';
import { type InlineKind, useInlineSubmitFlow } from './inline-submit-flow';
import { InlineSuccess } from './inline-success';
import { InlineVisitorFields } from './inline-visitor-fields';
import { NextEdition } from './next-edition';

/**
 * The inline visitor or stall form: its fields, checked by the shared inline schema (edge/schemas/
 * public-registrations.ts) with each message beside its field, the server's per-field messages likewise,
 * and "Processing..." while it sends.
 */
export function InlineRegistrationForm({ kind, eventName }: { kind: InlineKind; eventName: string }) {
  const id = useId();
  const { t } = useLocale();
  const flow = useInlineSubmitFlow(kind, eventName);
  const title = kind === 'visitor' ? 'Visitor Registration' : 'Stall Registration';
  return (
    <div className="inline-form">
      <h2 id={`${id}-title`} className="inline-form__title">
        {t(title)}
      </h2>
      {flow.closed ? (
        <>
          <p className="form__message form__message--info form__closed" role="status">
            {t(flow.closed)}
          </p>
          <NextEdition />
        </>
      ) : null}
      <form ref={flow.form} className="form" aria-labelledby={`${id}-title`} onSubmit={flow.onSubmit} onFocus={flow.warmUp}>
        {kind === 'visitor' ? <InlineVisitorFields id={id} flow={flow} /> : <InlineStallFields id={id} flow={flow} />}
        <ConsentLine endpoint={flow.endpoint} />
        <button type="submit" className="button button--primary form__submit" disabled={!flow.live || flow.busy || flow.closed !== null} data-live={flow.live}>
          {flow.busy ? (
            <>
              <span className="spinner" aria-hidden="true" /> {t('Processing...')}
            </>
          ) : (
            t(kind === 'visitor' ? 'Register Now' : 'Book Stall')
          )}
        </button>
        <div role="status" aria-live="polite" className="form__status">
          {flow.message ? <p className={`form__message form__message--${flow.message.tone}`}>{t(flow.message.text)}</p> : null}
        </div>
      </form>
      {flow.pass ? <InlineSuccess pass={flow.pass} /> : null}
    </div>
  );
}
