import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { nominationRoutes } from './admin/awards';
import { enquiryRoutes } from './admin/enquiries';
import { eventRoutes } from './admin/events';
import { exhibitorAdminRoutes } from './admin/exhibitors';
import { guestRoutes } from './admin/guests';
import { speakerRoutes } from './admin/speakers';
import { sponsorRoutes } from './admin/sponsors';
import { stallRoutes } from './admin/stalls';
import { vipAwardeeRoutes } from './admin/vip-awardees';
import { visitorRoutes } from './admin/visitors';
import { authRoutes } from './auth';
import { checkinRoutes } from './checkin';
import { dashboardRoutes } from './dashboard';
import { documentRoutes, docsRoutes } from './docs';
import { exhibitorRoutes } from './exhibitor';
import { fileRoutes } from './files';
import { healthRoutes } from './health';
import { messageRoutes } from './messages';
import { exhibitorLeadRoutes, leadMessageRoutes } from './exhibitor-leads';
import { emailConfirmationRoutes } from './public/email-confirmations';
import { passConsentRoutes } from './public/pass-consents';
import { passRoutes } from './public/passes';
import { whatsappWebhookRoutes } from './public/whatsapp-webhook';
import { smsInboundRoutes } from './public/sms-inbound';
import { publicRoutes } from './public/registrations';
import { reportRoutes } from './reports';
import { settingsRoutes } from './settings';
import { userRoutes } from './users';

/**
 * Every router of the API, mounted under /api. This is the only file that knows them all; its type is
 * the one the PWA's typed `hc` client is built from.
 */
export const apiRoutes = new Hono<AppEnv>()
  .route('/', publicRoutes)
  .route('/', passRoutes)
  .route('/', passConsentRoutes)
  .route('/', emailConfirmationRoutes)
  .route('/', whatsappWebhookRoutes)
  .route('/', smsInboundRoutes)
  .route('/health', healthRoutes)
  .route('/auth', authRoutes)
  .route('/files', fileRoutes)
  .route('/visitors', visitorRoutes)
  .route('/stalls', stallRoutes)
  .route('/sponsors', sponsorRoutes)
  .route('/awards', nominationRoutes)
  .route('/guests', guestRoutes)
  .route('/speakers', speakerRoutes)
  .route('/awardeesvip', vipAwardeeRoutes)
  .route('/enquiries', enquiryRoutes)
  .route('/events', eventRoutes)
  .route('/users', userRoutes)
  .route('/dashboard', dashboardRoutes)
  .route('/reports', reportRoutes)
  .route('/settings', settingsRoutes)
  .route('/checkin', checkinRoutes)
  .route('/exhibitors', exhibitorAdminRoutes)
  .route('/exhibitor', exhibitorRoutes)
  .route('/exhibitor', exhibitorLeadRoutes)
  .route('/lead-messages', leadMessageRoutes)
  .route('/', messageRoutes)
  .route('/', docsRoutes);

// The API reference walks the composed routes (routes/docs.ts): every route served is documented.
documentRoutes(apiRoutes.routes);
