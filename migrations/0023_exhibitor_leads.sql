CREATE TABLE `lead_message_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`exhibitor_id` text NOT NULL,
	`event_id` text NOT NULL,
	`lead_id` text NOT NULL,
	`message` text NOT NULL,
	`requested_by` text NOT NULL,
	`state` text DEFAULT 'requested' NOT NULL,
	`group_message_id` text,
	`handled_by` text,
	`handled_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`exhibitor_id`) REFERENCES `exhibitors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lead_message_requests_event_idx` ON `lead_message_requests` (`event_id`,`state`);--> statement-breakpoint
CREATE INDEX `lead_message_requests_lead_idx` ON `lead_message_requests` (`lead_id`);--> statement-breakpoint
CREATE TABLE `lead_operations` (
	`id` text PRIMARY KEY NOT NULL,
	`operation_id` text NOT NULL,
	`exhibitor_id` text NOT NULL,
	`lead_id` text NOT NULL,
	`kind` text NOT NULL,
	`outcome` text NOT NULL,
	`base_operation_id` text,
	`author_id` text NOT NULL,
	`device_id` text NOT NULL,
	`happened_at` text NOT NULL,
	`claimed_device_time` text,
	`device_time_doubtful` integer DEFAULT false NOT NULL,
	`received_at` text NOT NULL,
	FOREIGN KEY (`exhibitor_id`) REFERENCES `exhibitors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lead_operations_operation_idx` ON `lead_operations` (`operation_id`);--> statement-breakpoint
CREATE INDEX `lead_operations_lead_idx` ON `lead_operations` (`lead_id`);--> statement-breakpoint
CREATE TABLE `lead_questions` (
	`id` text PRIMARY KEY NOT NULL,
	`exhibitor_id` text NOT NULL,
	`label` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`exhibitor_id`) REFERENCES `exhibitors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lead_questions_exhibitor_idx` ON `lead_questions` (`exhibitor_id`,`position`);--> statement-breakpoint
CREATE TABLE `leads` (
	`id` text PRIMARY KEY NOT NULL,
	`exhibitor_id` text NOT NULL,
	`event_id` text NOT NULL,
	`visitor_id` text NOT NULL,
	`scanned_at` text NOT NULL,
	`claimed_device_time` text,
	`device_time_doubtful` integer DEFAULT false NOT NULL,
	`device_id` text NOT NULL,
	`device_name` text DEFAULT '' NOT NULL,
	`author_id` text NOT NULL,
	`author_name` text DEFAULT '' NOT NULL,
	`rating` text,
	`rating_operation_id` text,
	`note` text DEFAULT '' NOT NULL,
	`note_operation_id` text,
	`follow_ups` text DEFAULT '[]' NOT NULL,
	`follow_ups_operation_id` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`exhibitor_id`) REFERENCES `exhibitors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `leads_visitor_idx` ON `leads` (`exhibitor_id`,`visitor_id`);--> statement-breakpoint
CREATE INDEX `leads_exhibitor_scanned_idx` ON `leads` (`exhibitor_id`,`scanned_at`);--> statement-breakpoint
ALTER TABLE `device_reports` ADD `exhibitor_id` text;