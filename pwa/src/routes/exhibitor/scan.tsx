import { createFileRoute } from '@tanstack/react-router';
import { ScanScreen } from '../../features/exhibitor-portal/scan-screen';

/** `/exhibitor/scan`: lead capture at the stall (camera, photo or a scanner). */
export const Route = createFileRoute('/exhibitor/scan')({ component: ScanScreen });
