CREATE TABLE `mobile_collisions` (
	`id` text PRIMARY KEY NOT NULL,
	`resource` text NOT NULL,
	`record_id` text NOT NULL,
	`other_record_id` text NOT NULL,
	`event_id` text,
	`stored_number` text NOT NULL,
	`canonical_number` text NOT NULL,
	`found_at` text NOT NULL,
	`resolved_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mobile_collisions_record_idx` ON `mobile_collisions` (`resource`,`record_id`);--> statement-breakpoint
CREATE INDEX `mobile_collisions_open_idx` ON `mobile_collisions` (`resource`) WHERE resolved_at IS NULL;--> statement-breakpoint
CREATE TABLE `record_merges` (
	`id` text PRIMARY KEY NOT NULL,
	`resource` text NOT NULL,
	`survivor_id` text NOT NULL,
	`merged_id` text NOT NULL,
	`merged_record` text NOT NULL,
	`merged_by_user_id` text,
	`merged_by_name` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `record_merges_survivor_idx` ON `record_merges` (`resource`,`survivor_id`);