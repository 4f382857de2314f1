CREATE TABLE `email_confirmations` (
	`person_kind` text NOT NULL,
	`person_id` text NOT NULL,
	`email` text NOT NULL,
	`confirmed_at` text NOT NULL,
	PRIMARY KEY(`person_kind`, `person_id`, `email`)
);
--> statement-breakpoint
CREATE TABLE `group_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`resource` text NOT NULL,
	`channel` text NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`template` text DEFAULT '' NOT NULL,
	`variables` text DEFAULT '[]' NOT NULL,
	`recipients` integer NOT NULL,
	`send_at` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `message_opt_outs` (
	`recipient` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL
);
