CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`event_name` text NOT NULL,
	`state` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`event_types` text DEFAULT '[]' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`venue` text DEFAULT '' NOT NULL,
	`start_date_time` text NOT NULL,
	`end_date_time` text NOT NULL,
	`banner_key` text,
	`status` text DEFAULT 'active' NOT NULL,
	`is_featured` integer DEFAULT false NOT NULL,
	`created_by` text,
	`created_by_role` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `events_created_at_idx` ON `events` (`created_at`);--> statement-breakpoint
CREATE INDEX `events_status_created_at_idx` ON `events` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `events_featured_idx` ON `events` (`is_featured`);--> statement-breakpoint
CREATE TABLE `award_nominations` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text,
	`nominee_name` text NOT NULL,
	`mobile_number` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`organization_name` text DEFAULT '' NOT NULL,
	`award_category` text DEFAULT '' NOT NULL,
	`category` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`achievements` text DEFAULT '' NOT NULL,
	`registration_type` text NOT NULL,
	`status` text NOT NULL,
	`nomination_status` text DEFAULT 'pending' NOT NULL,
	`pass_code` text,
	`notes` text DEFAULT '' NOT NULL,
	`priority` text DEFAULT 'normal' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`created_by` text,
	`created_by_role` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `award_nominations_created_at_idx` ON `award_nominations` (`created_at`);--> statement-breakpoint
CREATE INDEX `award_nominations_event_created_at_idx` ON `award_nominations` (`event_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `award_nominations_status_created_at_idx` ON `award_nominations` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `award_nominations_event_updated_at_idx` ON `award_nominations` (`event_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `award_nominations_mobile_idx` ON `award_nominations` (`mobile_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `award_nominations_pass_code_idx` ON `award_nominations` (`pass_code`);--> statement-breakpoint
CREATE TABLE `enquiries` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text,
	`name` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`phone` text NOT NULL,
	`organization` text DEFAULT '' NOT NULL,
	`subscription_type` text DEFAULT 'General Enquiry' NOT NULL,
	`registration_type` text DEFAULT 'enquiry' NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `enquiries_created_at_idx` ON `enquiries` (`created_at`);--> statement-breakpoint
CREATE INDEX `enquiries_event_created_at_idx` ON `enquiries` (`event_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `enquiries_status_created_at_idx` ON `enquiries` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `enquiries_event_updated_at_idx` ON `enquiries` (`event_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `enquiries_mobile_idx` ON `enquiries` (`phone`);--> statement-breakpoint
CREATE TABLE `sponsors` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text,
	`organization_name` text NOT NULL,
	`organization_type` text DEFAULT 'corporate' NOT NULL,
	`industry_type` text DEFAULT '' NOT NULL,
	`website` text DEFAULT '' NOT NULL,
	`contact_person_name` text NOT NULL,
	`designation` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`mobile_number` text NOT NULL,
	`alternate_phone` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`state` text DEFAULT '' NOT NULL,
	`pincode` text DEFAULT '' NOT NULL,
	`sponsorship_tier` text DEFAULT 'bronze' NOT NULL,
	`sponsorship_amount` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'INR' NOT NULL,
	`registration_type` text NOT NULL,
	`status` text NOT NULL,
	`payment_status` text DEFAULT 'unpaid' NOT NULL,
	`amount_paid` integer DEFAULT 0 NOT NULL,
	`balance_amount` integer DEFAULT 0 NOT NULL,
	`pass_code` text,
	`notes` text DEFAULT '' NOT NULL,
	`priority` text DEFAULT 'normal' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`created_by` text,
	`created_by_role` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `sponsors_created_at_idx` ON `sponsors` (`created_at`);--> statement-breakpoint
CREATE INDEX `sponsors_event_created_at_idx` ON `sponsors` (`event_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `sponsors_status_created_at_idx` ON `sponsors` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `sponsors_event_updated_at_idx` ON `sponsors` (`event_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `sponsors_mobile_idx` ON `sponsors` (`mobile_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `sponsors_pass_code_idx` ON `sponsors` (`pass_code`);--> statement-breakpoint
CREATE TABLE `stalls` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text,
	`company_name` text NOT NULL,
	`contact_person_name` text NOT NULL,
	`designation` text DEFAULT '' NOT NULL,
	`mobile_number` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`booking_type` text DEFAULT 'admin_booking' NOT NULL,
	`registration_type` text NOT NULL,
	`stall_number` text DEFAULT '' NOT NULL,
	`stall_type` text DEFAULT 'standard' NOT NULL,
	`stall_width` real DEFAULT 0 NOT NULL,
	`stall_length` real DEFAULT 0 NOT NULL,
	`stall_unit` text DEFAULT 'feet' NOT NULL,
	`status` text NOT NULL,
	`payment_status` text DEFAULT 'unpaid' NOT NULL,
	`booked_by_name` text DEFAULT '' NOT NULL,
	`booked_by_role` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`state` text DEFAULT '' NOT NULL,
	`pincode` text DEFAULT '' NOT NULL,
	`additional_requirements` text DEFAULT '' NOT NULL,
	`pass_code` text,
	`notes` text DEFAULT '' NOT NULL,
	`priority` text DEFAULT 'normal' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`created_by` text,
	`created_by_role` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `stalls_created_at_idx` ON `stalls` (`created_at`);--> statement-breakpoint
CREATE INDEX `stalls_event_created_at_idx` ON `stalls` (`event_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `stalls_status_created_at_idx` ON `stalls` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `stalls_event_updated_at_idx` ON `stalls` (`event_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `stalls_mobile_idx` ON `stalls` (`mobile_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `stalls_pass_code_idx` ON `stalls` (`pass_code`);--> statement-breakpoint
CREATE TABLE `guests` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text,
	`full_name` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`mobile_number` text NOT NULL,
	`organization_name` text DEFAULT '' NOT NULL,
	`designation` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`state` text DEFAULT '' NOT NULL,
	`pincode` text DEFAULT '' NOT NULL,
	`registration_type` text NOT NULL,
	`status` text NOT NULL,
	`pass_code` text,
	`notes` text DEFAULT '' NOT NULL,
	`priority` text DEFAULT 'normal' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`created_by` text,
	`created_by_role` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`working_professional` text DEFAULT 'Others' NOT NULL,
	`profile_image_key` text,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `guests_created_at_idx` ON `guests` (`created_at`);--> statement-breakpoint
CREATE INDEX `guests_event_created_at_idx` ON `guests` (`event_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `guests_status_created_at_idx` ON `guests` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `guests_event_updated_at_idx` ON `guests` (`event_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `guests_mobile_idx` ON `guests` (`mobile_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `guests_pass_code_idx` ON `guests` (`pass_code`);--> statement-breakpoint
CREATE TABLE `speakers` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text,
	`full_name` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`mobile_number` text NOT NULL,
	`organization_name` text DEFAULT '' NOT NULL,
	`designation` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`state` text DEFAULT '' NOT NULL,
	`pincode` text DEFAULT '' NOT NULL,
	`registration_type` text NOT NULL,
	`status` text NOT NULL,
	`pass_code` text,
	`notes` text DEFAULT '' NOT NULL,
	`priority` text DEFAULT 'normal' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`created_by` text,
	`created_by_role` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`bio` text DEFAULT '' NOT NULL,
	`profile_image_key` text,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `speakers_created_at_idx` ON `speakers` (`created_at`);--> statement-breakpoint
CREATE INDEX `speakers_event_created_at_idx` ON `speakers` (`event_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `speakers_status_created_at_idx` ON `speakers` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `speakers_event_updated_at_idx` ON `speakers` (`event_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `speakers_mobile_idx` ON `speakers` (`mobile_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `speakers_pass_code_idx` ON `speakers` (`pass_code`);--> statement-breakpoint
CREATE TABLE `vip_awardees` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text,
	`full_name` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`mobile_number` text NOT NULL,
	`organization_name` text DEFAULT '' NOT NULL,
	`designation` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`state` text DEFAULT '' NOT NULL,
	`pincode` text DEFAULT '' NOT NULL,
	`registration_type` text NOT NULL,
	`status` text NOT NULL,
	`pass_code` text,
	`notes` text DEFAULT '' NOT NULL,
	`priority` text DEFAULT 'normal' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`created_by` text,
	`created_by_role` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`working_professional` text DEFAULT 'Working Professional' NOT NULL,
	`profile_image_key` text,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `vip_awardees_created_at_idx` ON `vip_awardees` (`created_at`);--> statement-breakpoint
CREATE INDEX `vip_awardees_event_created_at_idx` ON `vip_awardees` (`event_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `vip_awardees_status_created_at_idx` ON `vip_awardees` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `vip_awardees_event_updated_at_idx` ON `vip_awardees` (`event_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `vip_awardees_mobile_idx` ON `vip_awardees` (`mobile_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `vip_awardees_pass_code_idx` ON `vip_awardees` (`pass_code`);--> statement-breakpoint
CREATE TABLE `visitors` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text,
	`full_name` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`mobile_number` text NOT NULL,
	`organization_name` text DEFAULT '' NOT NULL,
	`designation` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`state` text DEFAULT '' NOT NULL,
	`pincode` text DEFAULT '' NOT NULL,
	`registration_type` text NOT NULL,
	`status` text NOT NULL,
	`pass_code` text,
	`notes` text DEFAULT '' NOT NULL,
	`priority` text DEFAULT 'normal' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`created_by` text,
	`created_by_role` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`working_professional` text DEFAULT 'Others' NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `visitors_created_at_idx` ON `visitors` (`created_at`);--> statement-breakpoint
CREATE INDEX `visitors_event_created_at_idx` ON `visitors` (`event_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `visitors_status_created_at_idx` ON `visitors` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `visitors_event_updated_at_idx` ON `visitors` (`event_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `visitors_mobile_idx` ON `visitors` (`mobile_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `visitors_pass_code_idx` ON `visitors` (`pass_code`);--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`key` text PRIMARY KEY NOT NULL,
	`scope` text NOT NULL,
	`request_hash` text NOT NULL,
	`response_status` integer,
	`response_body` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `login_throttle` (
	`key` text PRIMARY KEY NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`window_started_at` text NOT NULL,
	`locked_until` text
);
--> statement-breakpoint
CREATE TABLE `site_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `status_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`resource` text NOT NULL,
	`record_id` text NOT NULL,
	`event_id` text,
	`from_status` text,
	`to_status` text NOT NULL,
	`changed_by_user_id` text,
	`changed_by_name` text DEFAULT '' NOT NULL,
	`device_id` text,
	`operation_id` text,
	`device_time` text,
	`outcome` text DEFAULT 'applied' NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `status_changes_record_idx` ON `status_changes` (`resource`,`record_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `status_changes_event_idx` ON `status_changes` (`event_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `status_changes_operation_idx` ON `status_changes` (`operation_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`password_hash` text NOT NULL,
	`disabled` integer DEFAULT false NOT NULL,
	`last_login_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_idx` ON `users` (`email`);