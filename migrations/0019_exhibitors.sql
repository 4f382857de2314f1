CREATE TABLE `exhibitor_staff` (
	`id` text PRIMARY KEY NOT NULL,
	`exhibitor_id` text NOT NULL,
	`role` text NOT NULL,
	`name` text NOT NULL,
	`mobile_number` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`disabled` integer DEFAULT false NOT NULL,
	`last_sign_in_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`exhibitor_id`) REFERENCES `exhibitors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `exhibitor_staff_mobile_idx` ON `exhibitor_staff` (`exhibitor_id`,`mobile_number`);--> statement-breakpoint
CREATE INDEX `exhibitor_staff_mobile_only_idx` ON `exhibitor_staff` (`mobile_number`);--> statement-breakpoint
CREATE TABLE `exhibitors` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`stall_id` text,
	`sponsor_id` text,
	`invited_by` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `exhibitors_stall_idx` ON `exhibitors` (`stall_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `exhibitors_sponsor_idx` ON `exhibitors` (`sponsor_id`);--> statement-breakpoint
CREATE INDEX `exhibitors_event_idx` ON `exhibitors` (`event_id`);