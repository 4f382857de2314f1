CREATE TABLE `database_identity` (
	`id` integer PRIMARY KEY NOT NULL,
	`generation` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `health_probe` ADD `room` blob;