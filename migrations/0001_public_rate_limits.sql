CREATE TABLE `public_rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `award_nominations_public_mobile_idx` ON `award_nominations` (`event_id`,`mobile_number`) WHERE registration_type = 'award_registration';--> statement-breakpoint
CREATE UNIQUE INDEX `enquiries_public_mobile_idx` ON `enquiries` (`event_id`,`phone`,`subscription_type`) WHERE registration_type = 'enquiry';--> statement-breakpoint
CREATE UNIQUE INDEX `sponsors_public_mobile_idx` ON `sponsors` (`event_id`,`mobile_number`) WHERE registration_type = 'sponsor_registration';--> statement-breakpoint
CREATE UNIQUE INDEX `stalls_public_mobile_idx` ON `stalls` (`event_id`,`mobile_number`) WHERE booking_type = 'public_booking';--> statement-breakpoint
CREATE UNIQUE INDEX `visitors_public_mobile_idx` ON `visitors` (`event_id`,`mobile_number`) WHERE registration_type = 'visitor_registration';