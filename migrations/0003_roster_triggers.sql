-- Custom migration (not generated): the roster's change sequence, kept by triggers so that every write
-- path (admin routes, public registrations, venue operations, hand edits) bumps it inside its own
-- transaction. Versions are therefore in commit order, and a device that asks for "changes after N"
-- never misses one. See docs/checkin-sync.md.
-- The UPDATE closing each table's block gives rows that existed before this migration a version (through
-- the update trigger, since it leaves roster_version as it was).
-- Note: drizzle-kit recreates a SQLite table for some column changes ("__new_<table>"), which drops
-- these triggers. edge/db/schema.test.ts fails when a trigger is missing: re-create it in that migration.
INSERT INTO `roster_sequence` (`id`, `value`) VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER `visitors_roster_insert` AFTER INSERT ON `visitors` BEGIN
  UPDATE `roster_sequence` SET `value` = `value` + 1 WHERE `id` = 1;
  UPDATE `visitors` SET `roster_version` = (SELECT `value` FROM `roster_sequence` WHERE `id` = 1) WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `visitors_roster_update` AFTER UPDATE ON `visitors` WHEN NEW.`roster_version` = OLD.`roster_version` BEGIN
  UPDATE `roster_sequence` SET `value` = `value` + 1 WHERE `id` = 1;
  UPDATE `visitors` SET `roster_version` = (SELECT `value` FROM `roster_sequence` WHERE `id` = 1) WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `visitors_roster_move` AFTER UPDATE OF `event_id` ON `visitors` WHEN OLD.`event_id` IS NOT NEW.`event_id` BEGIN
  UPDATE `roster_sequence` SET `value` = `value` + 1 WHERE `id` = 1;
  INSERT INTO `roster_tombstones` (`kind`, `record_id`, `event_id`, `roster_version`) VALUES ('visitors', OLD.`id`, OLD.`event_id`, (SELECT `value` FROM `roster_sequence` WHERE `id` = 1));
END;--> statement-breakpoint
CREATE TRIGGER `visitors_roster_delete` AFTER DELETE ON `visitors` BEGIN
  UPDATE `roster_sequence` SET `value` = `value` + 1 WHERE `id` = 1;
  INSERT INTO `roster_tombstones` (`kind`, `record_id`, `event_id`, `roster_version`) VALUES ('visitors', OLD.`id`, OLD.`event_id`, (SELECT `value` FROM `roster_sequence` WHERE `id` = 1));
END;--> statement-breakpoint
UPDATE `visitors` SET `roster_version` = 0;--> statement-breakpoint
CREATE TRIGGER `guests_roster_insert` AFTER INSERT ON `guests` BEGIN
  UPDATE `roster_sequence` SET `value` = `value` + 1 WHERE `id` = 1;
  UPDATE `guests` SET `roster_version` = (SELECT `value` FROM `roster_sequence` WHERE `id` = 1) WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `guests_roster_update` AFTER UPDATE ON `guests` WHEN NEW.`roster_version` = OLD.`roster_version` BEGIN
  UPDATE `roster_sequence` SET `value` = `value` + 1 WHERE `id` = 1;
  UPDATE `guests` SET `roster_version` = (SELECT `value` FROM `roster_sequence` WHERE `id` = 1) WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `guests_roster_move` AFTER UPDATE OF `event_id` ON `guests` WHEN OLD.`event_id` IS NOT NEW.`event_id` BEGIN
  UPDATE `roster_sequence` SET `value` = `value` + 1 WHERE `id` = 1;
  INSERT INTO `roster_tombstones` (`kind`, `record_id`, `event_id`, `roster_version`) VALUES ('guests', OLD.`id`, OLD.`event_id`, (SELECT `value` FROM `roster_sequence` WHERE `id` = 1));
END;--> statement-breakpoint
CREATE TRIGGER `guests_roster_delete` AFTER DELETE ON `guests` BEGIN
  UPDATE `roster_sequence` SET `value` = `value` + 1 WHERE `id` = 1;
  INSERT INTO `roster_tombstones` (`kind`, `record_id`, `event_id`, `roster_version`) VALUES ('guests', OLD.`id`, OLD.`event_id`, (SELECT `value` FROM `roster_sequence` WHERE `id` = 1));
END;--> statement-breakpoint
UPDATE `guests` SET `roster_version` = 0;--> statement-breakpoint
CREATE TRIGGER `speakers_roster_insert` AFTER INSERT ON `speakers` BEGIN
  UPDATE `roster_sequence` SET `value` = `value` + 1 WHERE `id` = 1;
  UPDATE `speakers` SET `roster_version` = (SELECT `value` FROM `roster_sequence` WHERE `id` = 1) WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `speakers_roster_update` AFTER UPDATE ON `speakers` WHEN NEW.`roster_version` = OLD.`roster_version` BEGIN
  UPDATE `roster_sequence` SET `value` = `value` + 1 WHERE `id` = 1;
  UPDATE `speakers` SET `roster_version` = (SELECT `value` FROM `roster_sequence` WHERE `id` = 1) WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `speakers_roster_move` AFTER UPDATE OF `event_id` ON `speakers` WHEN OLD.`event_id` IS NOT NEW.`event_id` BEGIN
  UPDATE `roster_sequence` SET `value` = `value` + 1 WHERE `id` = 1;
  INSERT INTO `roster_tombstones` (`kind`, `record_id`, `event_id`, `roster_version`) VALUES ('speakers', OLD.`id`, OLD.`event_id`, (SELECT `value` FROM `roster_sequence` WHERE `id` = 1));
END;--> statement-breakpoint
CREATE TRIGGER `speakers_roster_delete` AFTER DELETE ON `speakers` BEGIN
  UPDATE `roster_sequence` SET `value` = `value` + 1 WHERE `id` = 1;
  INSERT INTO `roster_tombstones` (`kind`, `record_id`, `event_id`, `roster_version`) VALUES ('speakers', OLD.`id`, OLD.`event_id`, (SELECT `value` FROM `roster_sequence` WHERE `id` = 1));
END;--> statement-breakpoint
UPDATE `speakers` SET `roster_version` = 0;--> statement-breakpoint
CREATE TRIGGER `vip_awardees_roster_insert` AFTER INSERT ON `vip_awardees` BEGIN
  UPDATE `roster_sequence` SET `value` = `value` + 1 WHERE `id` = 1;
  UPDATE `vip_awardees` SET `roster_version` = (SELECT `value` FROM `roster_sequence` WHERE `id` = 1) WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `vip_awardees_roster_update` AFTER UPDATE ON `vip_awardees` WHEN NEW.`roster_version` = OLD.`roster_version` BEGIN
  UPDATE `roster_sequence` SET `value` = `value` + 1 WHERE `id` = 1;
  UPDATE `vip_awardees` SET `roster_version` = (SELECT `value` FROM `roster_sequence` WHERE `id` = 1) WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `vip_awardees_roster_move` AFTER UPDATE OF `event_id` ON `vip_awardees` WHEN OLD.`event_id` IS NOT NEW.`event_id` BEGIN
  UPDATE `roster_sequence` SET `value` = `value` + 1 WHERE `id` = 1;
  INSERT INTO `roster_tombstones` (`kind`, `record_id`, `event_id`, `roster_version`) VALUES ('awardeesvip', OLD.`id`, OLD.`event_id`, (SELECT `value` FROM `roster_sequence` WHERE `id` = 1));
END;--> statement-breakpoint
CREATE TRIGGER `vip_awardees_roster_delete` AFTER DELETE ON `vip_awardees` BEGIN
  UPDATE `roster_sequence` SET `value` = `value` + 1 WHERE `id` = 1;
  INSERT INTO `roster_tombstones` (`kind`, `record_id`, `event_id`, `roster_version`) VALUES ('awardeesvip', OLD.`id`, OLD.`event_id`, (SELECT `value` FROM `roster_sequence` WHERE `id` = 1));
END;--> statement-breakpoint
UPDATE `vip_awardees` SET `roster_version` = 0;--> statement-breakpoint
CREATE TRIGGER `stalls_roster_insert` AFTER INSERT ON `stalls` BEGIN
  UPDATE `roster_sequence` SET `value` = `value` + 1 WHERE `id` = 1;
  UPDATE `stalls` SET `roster_version` = (SELECT `value` FROM `roster_sequence` WHERE `id` = 1) WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `stalls_roster_update` AFTER UPDATE ON `stalls` WHEN NEW.`roster_version` = OLD.`roster_version` BEGIN
  UPDATE `roster_sequence` SET `value` = `value` + 1 WHERE `id` = 1;
  UPDATE `stalls` SET `roster_version` = (SELECT `value` FROM `roster_sequence` WHERE `id` = 1) WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `stalls_roster_move` AFTER UPDATE OF `event_id` ON `stalls` WHEN OLD.`event_id` IS NOT NEW.`event_id` BEGIN
  UPDATE `roster_sequence` SET `value` = `value` + 1 WHERE `id` = 1;
  INSERT INTO `roster_tombstones` (`kind`, `record_id`, `event_id`, `roster_version`) VALUES ('stalls', OLD.`id`, OLD.`event_id`, (SELECT `value` FROM `roster_sequence` WHERE `id` = 1));
END;--> statement-breakpoint
CREATE TRIGGER `stalls_roster_delete` AFTER DELETE ON `stalls` BEGIN
  UPDATE `roster_sequence` SET `value` = `value` + 1 WHERE `id` = 1;
  INSERT INTO `roster_tombstones` (`kind`, `record_id`, `event_id`, `roster_version`) VALUES ('stalls', OLD.`id`, OLD.`event_id`, (SELECT `value` FROM `roster_sequence` WHERE `id` = 1));
END;--> statement-breakpoint
UPDATE `stalls` SET `roster_version` = 0;--> statement-breakpoint
CREATE TRIGGER `sponsors_roster_insert` AFTER INSERT ON `sponsors` BEGIN
  UPDATE `roster_sequence` SET `value` = `value` + 1 WHERE `id` = 1;
  UPDATE `sponsors` SET `roster_version` = (SELECT `value` FROM `roster_sequence` WHERE `id` = 1) WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `sponsors_roster_update` AFTER UPDATE ON `sponsors` WHEN NEW.`roster_version` = OLD.`roster_version` BEGIN
  UPDATE `roster_sequence` SET `value` = `value` + 1 WHERE `id` = 1;
  UPDATE `sponsors` SET `roster_version` = (SELECT `value` FROM `roster_sequence` WHERE `id` = 1) WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `sponsors_roster_move` AFTER UPDATE OF `event_id` ON `sponsors` WHEN OLD.`event_id` IS NOT NEW.`event_id` BEGIN
  UPDATE `roster_sequence` SET `value` = `value` + 1 WHERE `id` = 1;
  INSERT INTO `roster_tombstones` (`kind`, `record_id`, `event_id`, `roster_version`) VALUES ('sponsors', OLD.`id`, OLD.`event_id`, (SELECT `value` FROM `roster_sequence` WHERE `id` = 1));
END;--> statement-breakpoint
CREATE TRIGGER `sponsors_roster_delete` AFTER DELETE ON `sponsors` BEGIN
  UPDATE `roster_sequence` SET `value` = `value` + 1 WHERE `id` = 1;
  INSERT INTO `roster_tombstones` (`kind`, `record_id`, `event_id`, `roster_version`) VALUES ('sponsors', OLD.`id`, OLD.`event_id`, (SELECT `value` FROM `roster_sequence` WHERE `id` = 1));
END;--> statement-breakpoint
UPDATE `sponsors` SET `roster_version` = 0;
