CREATE TABLE `standing_checks` (
	`id` integer PRIMARY KEY NOT NULL,
	`holds` integer NOT NULL,
	CONSTRAINT "standing_as_read" CHECK("standing_checks"."holds" = 1)
);
