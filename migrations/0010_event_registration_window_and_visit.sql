ALTER TABLE `events` ADD `registration_opens_at` text;--> statement-breakpoint
ALTER TABLE `events` ADD `registration_closes_at` text;--> statement-breakpoint
ALTER TABLE `events` ADD `address` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `map_url` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `opening_hours` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `awards_night_at` text;