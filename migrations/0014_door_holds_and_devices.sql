DROP INDEX `status_changes_conflict_idx`;--> statement-breakpoint
ALTER TABLE `status_changes` ADD `held_because` text;--> statement-breakpoint
ALTER TABLE `status_changes` ADD `device_time_doubtful` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `status_changes_conflict_idx` ON `status_changes` (`event_id`,`created_at`) WHERE conflict_with_operation_id IS NOT NULL OR outcome = 'held';--> statement-breakpoint
ALTER TABLE `device_reports` ADD `app_version` text;--> statement-breakpoint
ALTER TABLE `device_reports` ADD `revoked_at` text;--> statement-breakpoint
ALTER TABLE `device_reports` ADD `revoked_by` text;--> statement-breakpoint
ALTER TABLE `device_reports` ADD `session_id` text;--> statement-breakpoint
UPDATE `status_changes` SET `held_because` = 'hold' WHERE `outcome` = 'held';