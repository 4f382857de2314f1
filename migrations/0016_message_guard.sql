CREATE TABLE `message_counts` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`window_end` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `pass_link_revocations` (
	`person_kind` text NOT NULL,
	`person_id` text NOT NULL,
	`revoked_before` text NOT NULL,
	PRIMARY KEY(`person_kind`, `person_id`)
);
