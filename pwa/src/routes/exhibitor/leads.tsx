import { createFileRoute } from '@tanstack/react-router';
import { LeadsScreen } from '../../features/exhibitor-portal/leads-screen';

/** `/exhibitor/leads`: every lead of the exhibitor, with rating, note, follow-ups and export. */
export const Route = createFileRoute('/exhibitor/leads')({ component: LeadsScreen });
