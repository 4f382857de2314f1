CREATE TABLE `record_edits` (
	`id` text PRIMARY KEY NOT NULL,
	`resource` text NOT NULL,
	`record_id` text NOT NULL,
	`event_id` text,
	`changes` text NOT NULL,
	`changed_by_user_id` text,
	`changed_by_name` text DEFAULT '' NOT NULL,
	`device_id` text,
	`device_name` text,
	`notes` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `record_edits_record_idx` ON `record_edits` (`resource`,`record_id`,`created_at`);