-- Custom migration (decision 088): exhibitor phones become one device record. Each portal session's phone,
-- kept until now in `exhibitor_devices`, moves onto the door's device record (`device_reports`), which the
-- next migration keeps as the only one (it drops `exhibitor_devices`).
-- A phone whose lead lane signed in already has its record (the same session): it takes the sign-in's name
-- when it has none.
UPDATE `device_reports` SET `name` = (
  SELECT `ed`.`name` FROM `exhibitor_devices` AS `ed` WHERE `ed`.`session_id` = `device_reports`.`session_id`
)
WHERE `exhibitor_id` IS NOT NULL AND `name` = ''
  AND `session_id` IN (SELECT `session_id` FROM `exhibitor_devices` WHERE `name` <> '');
--> statement-breakpoint
-- A phone signed in to the portal whose lead lane never signed in has no device id yet: its record is keyed by
-- its session, with no secret (it signs nothing); the phone's first device sign-in takes its place
-- (routes/exhibitor-leads.ts, POST /device). Ended sessions' phones are not carried over.
INSERT INTO `device_reports` (`device_id`, `event_id`, `reported_by`, `reported_at`, `name`, `session_id`, `exhibitor_id`)
SELECT `ed`.`session_id`, `e`.`event_id`, `s`.`name`, `ed`.`signed_in_at`, `ed`.`name`, `ed`.`session_id`, `e`.`id`
FROM `exhibitor_devices` AS `ed`
JOIN `exhibitor_staff` AS `s` ON `s`.`id` = `ed`.`staff_id`
JOIN `exhibitors` AS `e` ON `e`.`id` = `s`.`exhibitor_id`
WHERE `ed`.`session_id` IN (SELECT `id` FROM `sessions`)
  AND NOT EXISTS (SELECT 1 FROM `device_reports` AS `d` WHERE `d`.`session_id` = `ed`.`session_id`);
