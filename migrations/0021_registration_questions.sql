ALTER TABLE `events` ADD `registration_questions` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `visitors` ADD `answers` text DEFAULT '{}' NOT NULL;