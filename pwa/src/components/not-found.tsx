import { Link } from '@tanstack/react-router';
import './not-found.css';

/** The shared 404 screen: "404 - Page Not Found". */
export function NotFound() {
  return (
    <main className="not-found">
      <h1 className="not-found__title">404 - Page Not Found</h1>
      <p className="not-found__text">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="not-found__link">
        Go to the home page
      </Link>
    </main>
  );
}
