import { useQuery } from '@tanstack/react-query';
import { formatDayRange } from '@shared/dates';
import { bookingQuery, type PortalBooking } from './portal-queries';

const words = (value: string) => value.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());
const rupees = (value: number) => `₹${value.toLocaleString('en-IN')}`;

/** The exhibitor's own booking: what it is, where, its status and what is paid and due. */
export function BookingScreen() {
  const booking = useQuery(bookingQuery());
  if (booking.isPending) return <p className="panel-muted">Loading your booking…</p>;
  if (booking.isError) return <p className="form-message form-message--error">{booking.error.message}</p>;
  const b = booking.data;
  return (
    <>
      <section className="portal-card" aria-labelledby="booking-title">
        <h2 id="booking-title">{b.kind === 'stall' ? `Stall ${b.stallNumber || '(number not yet given)'}` : `${words(b.tier ?? '')} sponsor`}</h2>
        <dl className="portal-facts">
          <dt>Company</dt>
          <dd>{b.company}</dd>
          {b.kind === 'stall' ? <StallFacts booking={b} /> : null}
          <dt>Status</dt>
          <dd>
            <span className={`portal-badge${b.status === 'confirmed' ? ' portal-badge--good' : ''}`}>{words(b.status)}</span>
          </dd>
        </dl>
      </section>
      <section className="portal-card" aria-labelledby="payment-title">
        <h2 id="payment-title">Payment</h2>
        <dl className="portal-facts">
          <dt>Payment status</dt>
          <dd>
            <span className={`portal-badge ${b.paymentStatus === 'paid' ? 'portal-badge--good' : 'portal-badge--due'}`}>{words(b.paymentStatus)}</span>
          </dd>
          {b.amount === null ? (
            <>
              <dt>Balance</dt>
              <dd>{b.paymentStatus === 'paid' ? rupees(0) : 'Ask the organiser: no amount is recorded for this stall'}</dd>
            </>
          ) : (
            <>
              <dt>Amount</dt>
              <dd>{rupees(b.amount)}</dd>
              <dt>Paid</dt>
              <dd>{rupees(b.amountPaid ?? 0)}</dd>
              <dt>Balance</dt>
              <dd>{rupees(b.balance ?? 0)}</dd>
            </>
          )}
        </dl>
      </section>
      {b.event ? (
        <section className="portal-card" aria-labelledby="event-title">
          <h2 id="event-title">{b.event.name}</h2>
          <dl className="portal-facts">
            <dt>Dates</dt>
            <dd>{formatDayRange(b.event.startDateTime, b.event.endDateTime)}</dd>
            <dt>Venue</dt>
            <dd>{b.event.place}</dd>
          </dl>
        </section>
      ) : null}
    </>
  );
}

function StallFacts({ booking }: { booking: PortalBooking }) {
  const size = booking.size;
  return (
    <>
      <dt>Stall type</dt>
      <dd>{words(booking.stallType ?? '')}</dd>
      <dt>Size</dt>
      <dd>{size && size.width > 0 && size.length > 0 ? `${size.width} × ${size.length} ${size.unit}` : 'Not yet given'}</dd>
    </>
  );
}
