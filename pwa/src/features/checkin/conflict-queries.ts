import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CONFLICT_VIEWS } from '@edge/schemas/checkin';
import { api, readEnvelope } from '../../lib/api';
import { panelKeys } from '../../lib/resource-keys';
import type { RosterKind } from '../../offline/checkin-types';
import { formatMoment } from '@shared/dates';

/** One side of a conflict: a change, its device by name, its author, when it happened (server clock). */
export interface ConflictSide {
  operationId: string;
  deviceId: string | null;
  deviceName: string;
  changedBy: string;
  happenedAt: string;
  /** The device's own time was not believable: `happenedAt` is when the change arrived. */
  deviceTimeDoubtful: boolean;
  receivedAt: string;
  fromStatus: string | null;
  toStatus: string;
  outcome: 'applied' | 'superseded' | 'held';
}

/** One row of `GET /api/checkin/conflicts`: a change that met a change its device had not seen. */
export interface ConflictItem {
  id: string;
  kind: RosterKind;
  recordId: string;
  eventId: string | null;
  personName: string | null;
  currentStatus: string | null;
  /** The person's current change: the decision is made on it, and refused as stale if it moved. */
  currentOperationId: string | null;
  change: ConflictSide;
  other: ConflictSide | null;
  why: string;
  resolvedAt: string | null;
  resolvedBy: string | null;
  resolution: string | null;
}

/** The inbox's views (`view=`): held for a decision, settled by the door, decided. */
export type ConflictView = (typeof CONFLICT_VIEWS)[number];

const PAGE_SIZE = 50;

/** One page of the inbox in one view, under the panel's keys; the previous page stays shown while the next loads. */
export const conflictsQueryOptions = (eventId: string, view: ConflictView, page: number) =>
  queryOptions({
    queryKey: panelKeys.conflicts(eventId, view, page),
    queryFn: async () => {
      const { data } = await readEnvelope(
        api.api.checkin.conflicts.$get({ query: { eventId: eventId || undefined, view, page: String(page), limit: String(PAGE_SIZE) } }),
      );
      // The route's answer types `kind` as any text and `change` as optional; these rows are what it sends.
      return { ...data, items: data.items as ConflictItem[] };
    },
    placeholderData: keepPreviousData,
  });

/** Times in India (the venue's zone), labelled so: an organiser may be reading from elsewhere. */
export const inIndia = (iso: string | null | undefined) => (iso ? `${formatMoment(iso)} IST` : '—');
