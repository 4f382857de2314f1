ALTER TABLE `sponsors` ADD `show_on_site` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `guests` ADD `show_on_site` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `speakers` ADD `show_on_site` integer DEFAULT false NOT NULL;