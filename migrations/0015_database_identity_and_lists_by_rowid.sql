CREATE TABLE `database_identity` (
	`id` integer PRIMARY KEY NOT NULL,
	`generation` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
DROP INDEX `award_nominations_created_at_idx`;--> statement-breakpoint
DROP INDEX `award_nominations_status_created_at_idx`;--> statement-breakpoint
CREATE INDEX `award_nominations_event_idx` ON `award_nominations` (`event_id`);--> statement-breakpoint
CREATE INDEX `award_nominations_status_idx` ON `award_nominations` (`status`);--> statement-breakpoint
DROP INDEX `enquiries_created_at_idx`;--> statement-breakpoint
DROP INDEX `enquiries_status_created_at_idx`;--> statement-breakpoint
CREATE INDEX `enquiries_event_idx` ON `enquiries` (`event_id`);--> statement-breakpoint
CREATE INDEX `enquiries_status_idx` ON `enquiries` (`status`);--> statement-breakpoint
DROP INDEX `sponsors_created_at_idx`;--> statement-breakpoint
DROP INDEX `sponsors_status_created_at_idx`;--> statement-breakpoint
CREATE INDEX `sponsors_event_idx` ON `sponsors` (`event_id`);--> statement-breakpoint
CREATE INDEX `sponsors_status_idx` ON `sponsors` (`status`);--> statement-breakpoint
DROP INDEX `stalls_created_at_idx`;--> statement-breakpoint
DROP INDEX `stalls_status_created_at_idx`;--> statement-breakpoint
CREATE INDEX `stalls_event_idx` ON `stalls` (`event_id`);--> statement-breakpoint
CREATE INDEX `stalls_status_idx` ON `stalls` (`status`);--> statement-breakpoint
DROP INDEX `guests_created_at_idx`;--> statement-breakpoint
DROP INDEX `guests_status_created_at_idx`;--> statement-breakpoint
CREATE INDEX `guests_event_idx` ON `guests` (`event_id`);--> statement-breakpoint
CREATE INDEX `guests_status_idx` ON `guests` (`status`);--> statement-breakpoint
DROP INDEX `speakers_created_at_idx`;--> statement-breakpoint
DROP INDEX `speakers_status_created_at_idx`;--> statement-breakpoint
CREATE INDEX `speakers_event_idx` ON `speakers` (`event_id`);--> statement-breakpoint
CREATE INDEX `speakers_status_idx` ON `speakers` (`status`);--> statement-breakpoint
DROP INDEX `vip_awardees_created_at_idx`;--> statement-breakpoint
DROP INDEX `vip_awardees_status_created_at_idx`;--> statement-breakpoint
CREATE INDEX `vip_awardees_event_idx` ON `vip_awardees` (`event_id`);--> statement-breakpoint
CREATE INDEX `vip_awardees_status_idx` ON `vip_awardees` (`status`);--> statement-breakpoint
DROP INDEX `visitors_created_at_idx`;--> statement-breakpoint
DROP INDEX `visitors_status_created_at_idx`;--> statement-breakpoint
CREATE INDEX `visitors_event_idx` ON `visitors` (`event_id`);--> statement-breakpoint
CREATE INDEX `visitors_status_idx` ON `visitors` (`status`);--> statement-breakpoint
ALTER TABLE `health_probe` ADD `room` blob;