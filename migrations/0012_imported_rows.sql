CREATE TABLE `imported_rows` (
	`resource` text NOT NULL,
	`import_key` text NOT NULL,
	`line` integer NOT NULL,
	`record_id` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`resource`, `import_key`, `line`)
);
