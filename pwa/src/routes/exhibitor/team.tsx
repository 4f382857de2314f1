import { createFileRoute } from '@tanstack/react-router';
import { TeamScreen } from '../../features/exhibitor-portal/team-screen';

/** `/exhibitor/team`: the exhibitor's people and their phones. */
export const Route = createFileRoute('/exhibitor/team')({ component: TeamScreen });
