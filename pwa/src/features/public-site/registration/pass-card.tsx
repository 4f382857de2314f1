import { useState } from 'react';
import { encode } from 'uqr';
import { saveFile } from '@pwa/lib/save-file';
import { eventPlace } from '@edge/lib/event-time';
import { useLocale } from '../i18n/locale';
import type { SavedPass } from '@pwa/offline/db';

/** The pass code as a QR code, drawn as inline SVG (no `style` attributes, nothing fetched). */
function QrCode({ text, size = 200 }: { text: string; size?: number }) {
  const { t } = useLocale();
  const { data } = encode(text, { ecc: 'M', border: 2 });
  const n = data.length;
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      className="qr"
      viewBox={`0 0 ${n} ${n}`}
      width={size}
      height={size}
      role="img"
      aria-label={t('QR code of pass {code}', { code: text })}
      shapeRendering="crispEdges"
    >
      <rect width={n} height={n} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

export function PassCard({ pass }: { pass: SavedPass }) {
  const { t, dateRange, hours } = useLocale();
  return (
    <article className="pass" aria-label={t('Pass of {name}', { name: pass.name })}>
      <QrCode text={pass.passCode} />
      <dl className="pass__details">
        <div>
          <dt>{t('Name')}</dt>
          <dd>{pass.name}</dd>
        </div>
        <div>
          <dt>{t('Type')}</dt>
          <dd>{t(pass.typeLabel)}</dd>
        </div>
        <div>
          <dt>{t('Event')}</dt>
          <dd>{pass.eventName}</dd>
        </div>
        {pass.startDateTime && pass.endDateTime ? (
          <>
            <div>
              <dt>{t('Date')}</dt>
              <dd>{dateRange(pass.startDateTime, pass.endDateTime)}</dd>
            </div>
            <div>
              <dt>{t('Time')}</dt>
              <dd>{hours(pass.startDateTime, pass.endDateTime)}</dd>
            </div>
          </>
        ) : null}
        {pass.venue || pass.city ? (
          <div>
            <dt>{t('Venue')}</dt>
            <dd>{eventPlace(pass.venue ?? '', pass.city ?? '')}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('Pass code')}</dt>
          <dd className="pass__code">{pass.passCode}</dd>
        </div>
      </dl>
      <p className="pass__note">{t('Show this at the entrance')}</p>
      <DownloadPass pass={pass} />
    </article>
  );
}

/** A file name from the person's name: Latin letters and digits kept, anything else (another script) dropped. */
const fileNameOf = (pass: SavedPass) => {
  const slug = pass.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `pass-${slug || pass.passCode}.pdf`;
};

/**
 * The PDF code (pdf-lib and the fonts, ~500 KB gzip). The server's build of the public pages is one file
 * that inlines every dynamic import, and the Worker ships it: it renders pages and never makes a PDF, so
 * its build (`import.meta.env.SSR`, a constant there) leaves this import out.
 */
const loadPassPdf = () => (import.meta.env.SSR ? Promise.reject(new Error('A pass PDF is made on the device')) : import('@pwa/lib/badges/pass-pdf'));

/**
 * "Download pass (PDF)": the pass as an A6 page to keep or print (lib/badges/pass-pdf.ts), made on this
 * device; its code and fonts load at the first press (kept afterwards, for offline use).
 */
function DownloadPass({ pass }: { pass: SavedPass }) {
  const { t } = useLocale();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const { passPdf } = await loadPassPdf();
      saveFile(new Blob([(await passPdf(pass)) as BlobPart], { type: 'application/pdf' }), fileNameOf(pass));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="pass__download">
      <button type="button" className="button button--secondary pass__download-button" onClick={() => void download()} disabled={busy} aria-busy={busy}>
        {t(busy ? 'Making the PDF…' : 'Download pass (PDF)')}
      </button>
      {failed ? (
        <p className="pass__download-error" role="alert">
          {t('The PDF could not be made: connect to the internet once and try again.')}
        </p>
      ) : null}
    </div>
  );
}
