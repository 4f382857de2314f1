CREATE TABLE `roster_sequence` (
	`id` integer PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `roster_tombstones` (
	`kind` text NOT NULL,
	`record_id` text NOT NULL,
	`event_id` text,
	`roster_version` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `roster_tombstones_idx` ON `roster_tombstones` (`event_id`,`roster_version`);--> statement-breakpoint
ALTER TABLE `sponsors` ADD `attendance_status` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `sponsors` ADD `roster_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sponsors` ADD `status_changed_at` text;--> statement-breakpoint
ALTER TABLE `sponsors` ADD `status_changed_by` text;--> statement-breakpoint
ALTER TABLE `sponsors` ADD `status_device_id` text;--> statement-breakpoint
ALTER TABLE `sponsors` ADD `status_device_time` text;--> statement-breakpoint
ALTER TABLE `sponsors` ADD `status_operation_id` text;--> statement-breakpoint
CREATE INDEX `sponsors_roster_idx` ON `sponsors` (`event_id`,`roster_version`);--> statement-breakpoint
ALTER TABLE `stalls` ADD `attendance_status` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `stalls` ADD `roster_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `stalls` ADD `status_changed_at` text;--> statement-breakpoint
ALTER TABLE `stalls` ADD `status_changed_by` text;--> statement-breakpoint
ALTER TABLE `stalls` ADD `status_device_id` text;--> statement-breakpoint
ALTER TABLE `stalls` ADD `status_device_time` text;--> statement-breakpoint
ALTER TABLE `stalls` ADD `status_operation_id` text;--> statement-breakpoint
CREATE INDEX `stalls_roster_idx` ON `stalls` (`event_id`,`roster_version`);--> statement-breakpoint
ALTER TABLE `guests` ADD `roster_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `guests` ADD `status_changed_at` text;--> statement-breakpoint
ALTER TABLE `guests` ADD `status_changed_by` text;--> statement-breakpoint
ALTER TABLE `guests` ADD `status_device_id` text;--> statement-breakpoint
ALTER TABLE `guests` ADD `status_device_time` text;--> statement-breakpoint
ALTER TABLE `guests` ADD `status_operation_id` text;--> statement-breakpoint
CREATE INDEX `guests_roster_idx` ON `guests` (`event_id`,`roster_version`);--> statement-breakpoint
ALTER TABLE `speakers` ADD `roster_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `speakers` ADD `status_changed_at` text;--> statement-breakpoint
ALTER TABLE `speakers` ADD `status_changed_by` text;--> statement-breakpoint
ALTER TABLE `speakers` ADD `status_device_id` text;--> statement-breakpoint
ALTER TABLE `speakers` ADD `status_device_time` text;--> statement-breakpoint
ALTER TABLE `speakers` ADD `status_operation_id` text;--> statement-breakpoint
CREATE INDEX `speakers_roster_idx` ON `speakers` (`event_id`,`roster_version`);--> statement-breakpoint
ALTER TABLE `vip_awardees` ADD `roster_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `vip_awardees` ADD `status_changed_at` text;--> statement-breakpoint
ALTER TABLE `vip_awardees` ADD `status_changed_by` text;--> statement-breakpoint
ALTER TABLE `vip_awardees` ADD `status_device_id` text;--> statement-breakpoint
ALTER TABLE `vip_awardees` ADD `status_device_time` text;--> statement-breakpoint
ALTER TABLE `vip_awardees` ADD `status_operation_id` text;--> statement-breakpoint
CREATE INDEX `vip_awardees_roster_idx` ON `vip_awardees` (`event_id`,`roster_version`);--> statement-breakpoint
ALTER TABLE `visitors` ADD `roster_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `visitors` ADD `status_changed_at` text;--> statement-breakpoint
ALTER TABLE `visitors` ADD `status_changed_by` text;--> statement-breakpoint
ALTER TABLE `visitors` ADD `status_device_id` text;--> statement-breakpoint
ALTER TABLE `visitors` ADD `status_device_time` text;--> statement-breakpoint
ALTER TABLE `visitors` ADD `status_operation_id` text;--> statement-breakpoint
CREATE INDEX `visitors_roster_idx` ON `visitors` (`event_id`,`roster_version`);--> statement-breakpoint
ALTER TABLE `status_changes` ADD `conflict_with_operation_id` text;--> statement-breakpoint
CREATE INDEX `status_changes_conflict_idx` ON `status_changes` (`event_id`,`conflict_with_operation_id`);