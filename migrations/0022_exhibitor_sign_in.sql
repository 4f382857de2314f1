CREATE TABLE `exhibitor_devices` (
	`session_id` text PRIMARY KEY NOT NULL,
	`staff_id` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`signed_in_at` text NOT NULL,
	FOREIGN KEY (`staff_id`) REFERENCES `exhibitor_staff`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `exhibitor_devices_staff_idx` ON `exhibitor_devices` (`staff_id`);--> statement-breakpoint
CREATE TABLE `exhibitor_sign_in_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`staff_id` text NOT NULL,
	`mobile_number` text NOT NULL,
	`code_hash` text NOT NULL,
	`issued_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`wrong_guesses` integer DEFAULT 0 NOT NULL,
	`used_at` text,
	FOREIGN KEY (`staff_id`) REFERENCES `exhibitor_staff`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `exhibitor_sign_in_codes_mobile_idx` ON `exhibitor_sign_in_codes` (`mobile_number`,`issued_at`);