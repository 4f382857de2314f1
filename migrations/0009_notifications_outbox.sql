CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`channel` text NOT NULL,
	`recipient` text NOT NULL,
	`template` text NOT NULL,
	`payload` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text,
	`last_error` text DEFAULT '' NOT NULL,
	`provider_message_id` text DEFAULT '' NOT NULL,
	`person_kind` text NOT NULL,
	`person_id` text NOT NULL,
	`event_id` text,
	`sent_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `notifications_due_idx` ON `notifications` (`next_attempt_at`) WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX `notifications_person_idx` ON `notifications` (`person_id`);--> statement-breakpoint
CREATE TABLE `pass_links` (
	`token` text PRIMARY KEY NOT NULL,
	`person_kind` text NOT NULL,
	`person_id` text NOT NULL,
	`created_at` text NOT NULL
);
