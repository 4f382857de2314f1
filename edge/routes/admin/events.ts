import { and, eq, ne } from 'drizzle-orm';
import { events } from '../../db/tables/events';
import { eventDescription } from '../../../shared/resources/events';
import type { RecordOf, ResourceDescription } from '../../lib/resource';
import { resourceRoutes } from '../../lib/resource-routes';
import { forgetCachedEvents } from '../../lib/events';
import { EVENT_MESSAGES } from '../../../shared/schemas/events';
import { fieldDefaults } from '../../lib/resource-fields';

/**
 * Events: 10 per page unless the list asks for more, `active` when created without a status, a banner
 * image, the end not before the start and registration not closing before it opens (on an update too,
 * against the stored dates), and the featured flag the public site reads — moving it to one event takes it
 * off the others.
 */
export const eventResource = {
  ...eventDescription,
  table: events,
  defaults: (input, { user }) => ({
    ...fieldDefaults(eventDescription.fields),
    ...input,
    createdBy: user.name,
    createdByRole: user.role,
  }),
  checkUpdate: (patch, existing) => {
    const start = (patch.startDateTime ?? existing.startDateTime) as string;
    const end = (patch.endDateTime ?? existing.endDateTime) as string;
    if (end < start) return { field: 'endDateTime', message: EVENT_MESSAGES.order };
    const opens = (patch.registrationOpensAt === undefined ? existing.registrationOpensAt : patch.registrationOpensAt) as string | null;
    const closes = (patch.registrationClosesAt === undefined ? existing.registrationClosesAt : patch.registrationClosesAt) as string | null;
    return opens && closes && closes < opens ? { field: 'registrationClosesAt', message: EVENT_MESSAGES.registrationOrder } : undefined;
  },
  afterWrite: async (db, row) => {
    // Public registrations cache the featured event for a second; they see this change at once.
    forgetCachedEvents(db);
    if (row.isFeatured) {
      await db
        .update(events)
        .set({ isFeatured: false })
        .where(and(ne(events.id, row.id as string), eq(events.isFeatured, true)));
    }
  },
  present: (row) => ({ name: row.eventName }),
  searchColumns: [events.eventName, events.city, events.venue],
} satisfies ResourceDescription;

/** An event as the API answers it. */
export type EventRecord = RecordOf<typeof events, typeof eventDescription, { name: string }>;

export const eventRoutes = resourceRoutes<EventRecord, typeof eventResource>(eventResource);
