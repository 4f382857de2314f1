import { queryOptions } from '@tanstack/react-query';
import { statusLabel } from '../../components/panel-format';
import { api, readEnvelope } from '../../lib/api';
import { ATTENDEE_KINDS, doorOf, REGISTRATION_KINDS, RESOURCES } from '@shared/resources/kinds';
import { panelKeys } from '../../lib/resource-keys';

/** `GET /api/reports`: one event's figures (the featured event when none is chosen). */
export const reportQueryOptions = (eventId: string | undefined) =>
  queryOptions({
    queryKey: panelKeys.report(eventId),
    queryFn: async () => (await readEnvelope(api.api.reports.$get({ query: eventId ? { eventId } : {} }))).data,
  });

export type Report = Awaited<ReturnType<NonNullable<ReturnType<typeof reportQueryOptions>['queryFn']>>>;

/** The public site's registrations, in the registry's order, with the words the chart and the exports use. */
export const REGISTRATION_TYPES = REGISTRATION_KINDS.map((kind) => [kind, RESOURCES[kind].registrations] as const);

const PERSON_KINDS: Record<string, string> = Object.fromEntries(ATTENDEE_KINDS.map((kind) => [kind, doorOf(kind).plural]));

/** A table of one report: its title, column headings and rows, as the screen, the CSV and the workbook show it. */
export interface ReportTable {
  title: string;
  columns: string[];
  rows: Array<Array<string | number>>;
}

const percent = (part: number, whole: number) => (whole === 0 ? '0%' : `${Math.round((part / whole) * 1000) / 10}%`);

/** Every table of the Reports screen, in its order: what the charts draw and the exports write. */
export function reportTables(
  report: Report,
): Record<'perDay' | 'city' | 'profession' | 'answers' | 'perHour' | 'showUp' | 'sponsorship' | 'enquiries', ReportTable> {
  return {
    perDay: {
      title: 'Registrations per day',
      columns: ['Day (IST)', ...REGISTRATION_TYPES.map(([, label]) => label)],
      rows: report.registrationsPerDay.map((day) => [day.day, ...REGISTRATION_TYPES.map(([key]) => Number(day[key] ?? 0))]),
    },
    city: { title: 'Visitors by city', columns: ['City', 'Visitors'], rows: report.visitorsByCity.map((c) => [c.city, c.people]) },
    profession: {
      title: 'Visitors by profession',
      columns: ['Profession', 'Visitors'],
      rows: report.visitorsByProfession.map((p) => [p.profession, p.people]),
    },
    answers: {
      title: 'Visitors by answer',
      columns: ['Question', 'Answer', 'Visitors'],
      rows: report.visitorsByAnswer.map((a) => [a.question, a.answer, a.people]),
    },
    perHour: {
      title: 'Check-ins per hour',
      columns: ['Hour (IST)', 'People checked in'],
      rows: report.checkInsPerHour.map((h) => [h.hour.replace('T', ' '), h.people]),
    },
    showUp: {
      title: 'Show-up',
      columns: ['Type', 'Registered', 'Checked in', 'Rate'],
      rows: [
        ...report.showUp.byKind.map((k) => [PERSON_KINDS[k.kind] ?? k.kind, k.registered, k.checkedIn, percent(k.checkedIn, k.registered)]),
        ['All', report.showUp.registered, report.showUp.checkedIn, percent(report.showUp.checkedIn, report.showUp.registered)],
      ],
    },
    sponsorship: {
      title: 'Sponsorship',
      columns: ['Tier', 'Sponsors', 'Committed', 'Paid', 'Balance'],
      rows: [
        ...report.sponsorship.byTier.map((t) => [t.tier ? statusLabel(t.tier) : 'Not set', t.sponsors, t.committed, t.paid, t.committed - t.paid]),
        ['All', report.sponsorship.sponsors, report.sponsorship.committed, report.sponsorship.paid, report.sponsorship.committed - report.sponsorship.paid],
      ],
    },
    enquiries: {
      title: 'Enquiries by status',
      columns: ['Status', 'Enquiries'],
      rows: report.enquiriesByStatus.map((e) => [statusLabel(e.status), e.enquiries]),
    },
  };
}
