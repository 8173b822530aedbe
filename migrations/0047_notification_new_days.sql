-- The bell's count without counting (issue 21, item 4): each practice's New notifications per
-- UTC day of their date, kept by the notifications projection as it inserts notifications and
-- marks them Seen. The bell counts a 7-day window: whole days come from here, the window's first
-- (partial) day from rm_notifications, so a count reads eight rows and one day's notifications
-- however many the practice holds, where it counted every unread one in the window (27 ms a
-- count with 111,000 of them, the mixed minute's dearest statement in `npm run bench:history`).
CREATE TABLE rm_notification_new_days (
  practice_id uuid NOT NULL,
  day date NOT NULL,
  new_count integer NOT NULL,
  PRIMARY KEY (practice_id, day)
);

INSERT INTO rm_notification_new_days (practice_id, day, new_count)
SELECT practice_id, (notification_date AT TIME ZONE 'UTC')::date, count(*)
  FROM rm_notifications
 WHERE notification_status = 'New'
 GROUP BY 1, 2;
