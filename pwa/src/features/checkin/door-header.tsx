import { Link, useNavigate } from '@tanstack/react-router';
import { useIsAdmin, useLogout } from '../../components/panel-session';

type Guard = (then: () => void) => void;

/** The door's title, its event, the way back to the panel (through the kiosk PIN when one is set) and the headcount. */
export function DoorHeader({ eventName, eventId, checkedIn, guard }: { eventName?: string; eventId: string | null; checkedIn: number | null; guard: Guard }) {
  const isAdmin = useIsAdmin();
  const logout = useLogout();
  const navigate = useNavigate();
  /** A link out of the door: through the kiosk PIN when one is set. */
  const leaveTo = (to: '/panel/dashboard' | '/panel/checkin/conflicts' | '/panel/checkin/devices') => (event: { preventDefault(): void }) => {
    event.preventDefault();
    guard(() => void navigate({ to }));
  };
  return (
    <header className="ci-head">
      <div className="ci-title">
        <h1 id="ci-title">Venue Check-in</h1>
        <p className="ci-muted ci-eventname" data-testid="door-event">
          {eventName ?? (eventId ? 'Event' : 'No event chosen')}
        </p>
        <nav className="ci-doorlinks" aria-label="Door">
          <Link to="/panel/dashboard" className="ci-link" data-testid="door-to-panel" onClick={leaveTo('/panel/dashboard')}>
            ← Panel
          </Link>
          {logout && (
            <button type="button" className="ci-link ci-link--button" onClick={() => guard(() => void logout())}>
              Logout
            </button>
          )}
          {isAdmin && (
            <>
              <Link to="/panel/checkin/conflicts" className="ci-link" data-testid="conflicts-link" onClick={leaveTo('/panel/checkin/conflicts')}>
                Conflict inbox
              </Link>
              <Link to="/panel/checkin/devices" className="ci-link" data-testid="devices-link" onClick={leaveTo('/panel/checkin/devices')}>
                Devices
              </Link>
            </>
          )}
        </nav>
      </div>
      <p className="ci-counter" data-testid="checked-in-count" data-count={checkedIn ?? ''}>
        <strong>{checkedIn === null ? '–' : checkedIn.toLocaleString('en-IN')}</strong>
        <span>checked in</span>
      </p>
    </header>
  );
}
