DROP TABLE `exhibitor_devices`;--> statement-breakpoint
CREATE INDEX `device_reports_session_idx` ON `device_reports` (`session_id`);