import { createFileRoute } from '@tanstack/react-router';
import { BookingScreen } from '../../features/exhibitor-portal/booking-screen';

/** `/exhibitor`: the exhibitor's booking, where the portal opens. */
export const Route = createFileRoute('/exhibitor/')({ component: BookingScreen });
