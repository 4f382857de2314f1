CREATE TABLE `email_confirmations` (
	`person_kind` text NOT NULL,
	`person_id` text NOT NULL,
	`email` text NOT NULL,
	`confirmed_at` text NOT NULL,
	PRIMARY KEY(`person_kind`, `person_id`, `email`)
);
