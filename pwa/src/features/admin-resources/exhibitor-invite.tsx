import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatCreatedOn } from '@shared/dates';
import { formatMobile } from '@shared/schemas/mobile-number';
import { toast } from '../../components/toasts';
import { api, type BaseRecord, readEnvelope } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import type { RowMenuItem } from './row-menu';

/**
 * The organiser's side of the exhibitor portal (issue 32, decision 081) on a stall's or sponsor's record:
 * invite the booking's contact (a confirmed booking only; the server says why otherwise), or send the
 * invitation again, and see who of the exhibitor has signed in. The row's "⋯" menu has the same invitation.
 */
const BOOKING_FIELD = { stalls: 'stallId', sponsors: 'sponsorId' } as const;
type BookingResource = keyof typeof BOOKING_FIELD;
export const isExhibitorBooking = (resource: string): resource is BookingResource => Object.hasOwn(BOOKING_FIELD, resource);

const bookingOf = (resource: BookingResource, id: string) => ({ [BOOKING_FIELD[resource]]: id }) as { stallId?: string; sponsorId?: string };
const exhibitorKey = (resource: string, id: string) => ['exhibitor-of', resource, id];

/** Invites (or invites again) the booking's contact; a toast says what was sent or why not. */
export function useInviteExhibitor(resource: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => readEnvelope(api.api.exhibitors.$post({ json: bookingOf(resource as BookingResource, id) })),
    onSuccess(answer, id) {
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: exhibitorKey(resource, id) });
    },
    onError(failure) {
      toast.error(errorMessage(failure, 'Could not send the invitation'));
    },
  });
}

/** The record drawer's "Exhibitor portal" section. */
export function ExhibitorInvite({ resource, record }: { resource: BookingResource; record: BaseRecord }) {
  const invite = useInviteExhibitor(resource);
  const exhibitor = useQuery({
    queryKey: exhibitorKey(resource, record.id),
    queryFn: async () => (await readEnvelope(api.api.exhibitors.$get({ query: bookingOf(resource, record.id) }))).data,
  });
  const confirmed = record.status === 'confirmed';
  const people = exhibitor.data?.people ?? [];
  return (
    <section className="person-messages" aria-label="Exhibitor portal">
      <h3 className="person-messages__title">Exhibitor portal</h3>
      {exhibitor.data ? (
        <ul className="person-messages__list">
          {people.map((person) => (
            <li key={person.id} className="person-messages__item">
              <div className="person-messages__head">
                <strong>{person.name}</strong>
                <span>{person.role === 'owner' ? 'Owner' : 'Staff'}</span>
              </div>
              <div className="person-messages__meta">
                {formatMobile(person.mobileNumber)} · {person.lastSignInAt ? `last signed in ${formatCreatedOn(person.lastSignInAt)}` : 'not signed in yet'}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="person-messages__empty">
          {confirmed
            ? 'Not invited yet: the contact gets a link by WhatsApp (and a confirmed e-mail) to sign in with a code.'
            : 'Confirm the booking to invite its contact.'}
        </p>
      )}
      <button type="button" className="button button--ghost exhibitor-invite__send" disabled={invite.isPending} onClick={() => invite.mutate(record.id)}>
        {exhibitor.data ? 'Send the invitation again' : 'Invite to the exhibitor portal'}
      </button>
    </section>
  );
}

/** The row menu's "Invite to exhibitor portal" of a stall or sponsor (null for other resources). */
export function useExhibitorMenuItem(resource: string, row: BaseRecord): RowMenuItem | null {
  const invite = useInviteExhibitor(resource);
  return isExhibitorBooking(resource) ? { label: 'Invite to exhibitor portal', onSelect: () => invite.mutate(row.id) } : null;
}
