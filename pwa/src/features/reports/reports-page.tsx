import { useQuery } from '@tanstack/react-query';
import { NotKeptOffline } from '../../components/not-kept-offline';
import { useMemo, useState } from 'react';
import { EventPicker } from '../../components/event-picker';
import { formatInr, statusLabel } from '../../components/panel-format';
import { toast } from '../../components/toasts';
import { errorMessage } from '../../lib/api-error';
import { BarChart } from './bar-chart';
import { REGISTRATION_TYPES, type Report, type ReportTable, reportQueryOptions, reportTables } from './report-data';
import { downloadReportCsv, reportFileName } from './report-export';
import { downloadWorkbook } from '../../lib/workbook';
import './reports.css';

/**
 * Reports (admins): one event's registrations per day by type, visitors by city and profession, check-ins
 * per hour against registrations, sponsorship committed and paid, enquiries by status — each a chart over
 * a table of its figures — with the whole report as CSV or an Excel workbook.
 */
export function ReportsPage({ eventId, onEventChange }: { eventId: string | undefined; onEventChange: (eventId: string | undefined) => void }) {
  const report = useQuery(reportQueryOptions(eventId));
  return (
    <section className="panel-screen">
      <header className="panel-screen__header">
        <div>
          <h1>Reports</h1>
          <p className="panel-muted">{report.data ? `${report.data.event.eventName} · days and hours in IST` : 'An event in figures'}</p>
        </div>
        {report.data ? <ExportButtons report={report.data} /> : null}
      </header>
      <div className="reports-filter">
        <EventPicker label="Event" value={eventId ?? report.data?.event.id ?? ''} onChange={(value) => onEventChange(value || undefined)} />
      </div>
      <NotKeptOffline kept={report.data !== undefined}>
        {report.isPending ? <p className="panel-muted">Loading reports ...</p> : null}
        {report.isError ? (
          <p className="panel-banner" role="alert">
            {errorMessage(report.error, 'Failed to load reports')}
          </p>
        ) : null}
      </NotKeptOffline>
      {report.data ? <ReportCards report={report.data} /> : null}
    </section>
  );
}

function ExportButtons({ report }: { report: Report }) {
  const [busy, setBusy] = useState(false);
  const tables = Object.values(reportTables(report));
  const workbook = async () => {
    setBusy(true);
    try {
      await downloadWorkbook(tables, reportFileName(report.event.eventName, 'xlsx'));
    } catch {
      toast.error('Failed to export the workbook. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="panel-screen__actions">
      <button type="button" className="button button--ghost" onClick={() => downloadReportCsv(tables, reportFileName(report.event.eventName, 'csv'))}>
        Export CSV
      </button>
      <button type="button" className="button button--ghost" onClick={() => void workbook()} disabled={busy} aria-busy={busy}>
        {busy ? 'Exporting ...' : 'Export Excel'}
      </button>
    </div>
  );
}

/** One column of figures as a chart's labels and single series. */
function single(table: ReportTable, label: string) {
  return {
    labels: table.rows.map((r) => String(r[0])),
    series: [{ label, data: table.rows.map((r) => Number(r[1])) }],
  };
}

function ReportCards({ report }: { report: Report }) {
  const tables = useMemo(() => reportTables(report), [report]);
  const perDay = useMemo(
    () => ({
      labels: report.registrationsPerDay.map((d) => d.day),
      series: REGISTRATION_TYPES.map(([key, label]) => ({ label, data: report.registrationsPerDay.map((d) => Number(d[key] ?? 0)) })),
    }),
    [report],
  );
  const city = useMemo(() => single(tables.city, 'Visitors'), [tables]);
  const profession = useMemo(() => single(tables.profession, 'Visitors'), [tables]);
  const perHour = useMemo(() => single(tables.perHour, 'People checked in'), [tables]);
  const enquiries = useMemo(
    () => ({
      labels: report.enquiriesByStatus.map((e) => statusLabel(e.status)),
      series: [{ label: 'Enquiries', data: report.enquiriesByStatus.map((e) => e.enquiries) }],
    }),
    [report],
  );
  const money = useMemo(
    () => ({
      labels: report.sponsorship.byTier.map((t) => statusLabel(t.tier)),
      series: [
        { label: 'Committed', data: report.sponsorship.byTier.map((t) => t.committed) },
        { label: 'Paid', data: report.sponsorship.byTier.map((t) => t.paid) },
      ],
    }),
    [report],
  );
  const { showUp, sponsorship } = report;
  return (
    <div className="reports-grid">
      <ReportCard table={tables.perDay} wide testId="report-per-day">
        {perDay.labels.length ? <BarChart label="Registrations per day by type" {...perDay} stacked /> : null}
      </ReportCard>
      <ReportCard table={tables.perHour} testId="report-per-hour">
        <p className="reports-figure" data-testid="show-up-rate">
          <strong>{Math.round(showUp.rate * 1000) / 10}%</strong> showed up: {showUp.checkedIn.toLocaleString('en-IN')} of{' '}
          {showUp.registered.toLocaleString('en-IN')} registered people checked in
        </p>
        {perHour.labels.length ? <BarChart label="Check-ins per hour" {...perHour} /> : null}
      </ReportCard>
      <ReportCard table={tables.showUp} testId="report-show-up" />
      <ReportCard table={tables.city} testId="report-city">
        {city.labels.length ? <BarChart label="Visitors by city" {...city} horizontal height={Math.max(160, city.labels.length * 26)} /> : null}
      </ReportCard>
      <ReportCard table={tables.profession} testId="report-profession">
        {profession.labels.length ? (
          <BarChart label="Visitors by profession" {...profession} horizontal height={Math.max(120, profession.labels.length * 32)} />
        ) : null}
      </ReportCard>
      {tables.answers.rows.length ? <ReportCard table={tables.answers} testId="report-answers" /> : null}
      <ReportCard table={tables.sponsorship} testId="report-sponsorship" money>
        <p className="reports-figure">
          <strong>{formatInr(sponsorship.paid)}</strong> paid of {formatInr(sponsorship.committed)} committed ·{' '}
          {formatInr(sponsorship.committed - sponsorship.paid)} to collect
        </p>
        {money.labels.length ? <BarChart label="Sponsorship committed and paid by tier" {...money} /> : null}
      </ReportCard>
      <ReportCard table={tables.enquiries} testId="report-enquiries">
        {enquiries.labels.length ? <BarChart label="Enquiries by status" {...enquiries} /> : null}
      </ReportCard>
    </div>
  );
}

/** A report's card: its title, what the children draw, then the table of its figures (or its empty state). */
function ReportCard({
  table,
  children,
  wide,
  money,
  testId,
}: {
  table: ReportTable;
  children?: React.ReactNode;
  wide?: boolean;
  money?: boolean;
  testId: string;
}) {
  const show = (value: string | number, column: number) =>
    money && column >= 2 && typeof value === 'number' ? formatInr(value) : typeof value === 'number' ? value.toLocaleString('en-IN') : value;
  return (
    <article
      className={wide ? 'panel-card reports-card reports-card--wide' : 'panel-card reports-card'}
      data-testid={testId}
      aria-labelledby={`${testId}-title`}
    >
      <h2 id={`${testId}-title`}>{table.title}</h2>
      {table.rows.length === 0 ? (
        <p className="panel-muted">Nothing yet for this event.</p>
      ) : (
        <>
          {children}
          {/* Focusable, so a keyboard can scroll a table wider than a phone. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus for keyboard scrolling (axe scrollable-region-focusable) */}
          <section className="panel-table-wrap" tabIndex={0} aria-label={`${table.title}: figures`}>
            <table className="panel-table reports-table">
              <caption className="visually-hidden">{table.title}</caption>
              <thead>
                <tr>
                  {table.columns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={String(row[0])}>
                    {row.map((value, column) => (
                      <td key={table.columns[column]}>{show(value, column)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </article>
  );
}
