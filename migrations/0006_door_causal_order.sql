DROP INDEX `status_changes_conflict_idx`;--> statement-breakpoint
ALTER TABLE `status_changes` ADD `device_name` text;--> statement-breakpoint
ALTER TABLE `status_changes` ADD `claimed_device_time` text;--> statement-breakpoint
ALTER TABLE `status_changes` ADD `base_operation_id` text;--> statement-breakpoint
ALTER TABLE `status_changes` ADD `resolved_at` text;--> statement-breakpoint
ALTER TABLE `status_changes` ADD `resolved_by` text;--> statement-breakpoint
ALTER TABLE `status_changes` ADD `resolution` text;--> statement-breakpoint
CREATE INDEX `status_changes_conflict_idx` ON `status_changes` (`event_id`,`created_at`) WHERE conflict_with_operation_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE `device_reports` ADD `name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `device_reports` ADD `secret_hash` text;--> statement-breakpoint
ALTER TABLE `device_reports` ADD `clock_offset_ms` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `device_reports` ADD `clock_checked_at` text;