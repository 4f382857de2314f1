DROP INDEX `notifications_due_idx`;--> statement-breakpoint
CREATE INDEX `notifications_due_idx` ON `notifications` (`channel`,`next_attempt_at`) WHERE status = 'queued';