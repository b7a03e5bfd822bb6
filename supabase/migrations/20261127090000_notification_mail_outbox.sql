-- The notification mail outbox: the mail to the store about a new job application or contact message,
-- queued in the same transaction as the submission (a submission without its mail cannot exist), then
-- sent by a worker in every instance (app/server/mail-queue.server.ts) with retries and backoff.
--
-- A worker claims a due row by setting locked_until (a lease) with FOR UPDATE SKIP LOCKED: several
-- instances never take the same row at once, and a worker that dies mid-send leaves a lease that runs out,
-- after which another sends the mail (at least once).
--
-- Personal data kept here, and why: the mail itself (the submission's fields, which it repeats, the
-- applicant's or sender's e-mail as reply-to, the store's recipients), until it is sent. Sent rows are
-- deleted 7 days after sending, failed ones 30 days after their last attempt (the submission itself stays
-- in its admin list), and a deleted submission takes its mail with it. last_error is the mail server's
-- short answer (it may name a recipient, which the mail holds anyway).
create table notification_mail (
  id uuid primary key default gen_random_uuid(),
  -- The submission the mail is about: exactly one of the two.
  application_id uuid references job_applications (id) on delete cascade,
  inquiry_id uuid references contact_inquiries (id) on delete cascade,
  recipients text[] not null check (cardinality(recipients) between 1 and 50),
  subject text not null check (length(subject) between 1 and 998),
  body text not null,
  reply_to text,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  -- Claims so far (a claim counts even when its worker died before answering).
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  -- While set and in the future, a worker is sending the mail; nobody else takes it.
  locked_until timestamptz,
  last_attempt_at timestamptz,
  -- When it last joined the queue (made, or sent again from the dashboard): "waiting too long" counts from here.
  queued_at timestamptz not null default now(),
  last_error text check (length(last_error) <= 500),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  constraint notification_mail_one_submission check (num_nonnulls(application_id, inquiry_id) = 1),
  constraint notification_mail_sent_at check ((status = 'sent') = (sent_at is not null))
);
-- What the worker looks for: pending mail that is due.
create index notification_mail_due_idx on notification_mail (next_attempt_at) where status = 'pending';
-- The dashboard (failed and waiting mail) and the pruning of sent and failed rows.
create index notification_mail_status_idx on notification_mail (status, created_at desc);
create index notification_mail_sent_at_idx on notification_mail (sent_at) where status = 'sent';
-- The cascades from a deleted submission.
create index notification_mail_application_idx on notification_mail (application_id);
create index notification_mail_inquiry_idx on notification_mail (inquiry_id);
