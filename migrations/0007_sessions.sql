CREATE TABLE `health_probe` (
	`id` integer PRIMARY KEY NOT NULL,
	`checked_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
-- Counts of the first login throttle (account-wide locks, decision 004's first version) mean nothing now.
DELETE FROM `login_throttle` WHERE `key` LIKE 'account:%';
