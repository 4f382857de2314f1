CREATE TABLE `device_reports` (
	`device_id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`waiting` integer DEFAULT 0 NOT NULL,
	`reported_by` text DEFAULT '' NOT NULL,
	`reported_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `device_reports_event_idx` ON `device_reports` (`event_id`);