CREATE TABLE `consents` (
	`id` text PRIMARY KEY NOT NULL,
	`person_kind` text NOT NULL,
	`person_id` text NOT NULL,
	`purpose` text NOT NULL,
	`text_version` text NOT NULL,
	`given` integer NOT NULL,
	`at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `consents_person_idx` ON `consents` (`person_kind`,`person_id`,`purpose`,`at`);