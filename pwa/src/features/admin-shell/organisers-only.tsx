import { Link } from '@tanstack/react-router';

/** What a staff account sees on an organisers' screen opened by its address (the API refuses its data too). */
export function OrganisersOnly() {
  return (
    <section className="panel-screen">
      <header className="panel-screen__header">
        <div>
          <h1>For organisers</h1>
          <p className="panel-muted">
            This screen is for organisers (admin accounts). Your account checks people in: use Venue Check-in and the visitor and VIP lists in the sidebar.
          </p>
        </div>
      </header>
      <p>
        <Link to="/panel/checkin" className="button button--primary">
          Venue Check-in
        </Link>
      </p>
    </section>
  );
}
