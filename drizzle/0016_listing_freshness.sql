-- 表示規約 freshness (issue 28 item 3): a published listing's 次回更新予定日
-- (next_update_at, 'YYYY-MM-DD') is at most 14 days after its 情報更新日
-- (update_at, ms since the epoch, judged as a Japan date). Published rows
-- stored before the rule are brought within it: a later date, or none, becomes
-- update_at's Japan date + 14 days. A date that then lies in the past makes
-- the row overdue, and the next hideOverdueListings run hides it and tells
-- staff, as for any listing not updated in time. Rows without update_at are
-- left alone (no 情報更新日 to measure from; bulk publish refuses them).
UPDATE `investments`
SET `next_update_at` = date(`update_at` / 1000, 'unixepoch', '+9 hours', '+14 days')
WHERE `public` = 1
  AND `update_at` IS NOT NULL
  AND (`next_update_at` IS NULL OR `next_update_at` > date(`update_at` / 1000, 'unixepoch', '+9 hours', '+14 days'));
