-- Campaigns (issue 40): a mail written in Admin → Campaigns and sent to every confirmed subscriber.
--
-- campaign_recipients: one row per recipient, made in one statement when the campaign is sent (the
-- confirmed subscribers of that moment). A sender claims rows with FOR UPDATE SKIP LOCKED and marks each
-- claimed before sending: a claimed row is never claimed again, so a restart or a second instance never sends
-- one person the same campaign twice. A row a killed sender left claimed is counted "interrupted", not sent
-- again (at most once: a second copy is worse than a missed one). A send the mail server refused (nothing
-- delivered) goes back to pending for a later try. Each subscriber's address is read when the mail is sent,
-- so a withdrawal after the campaign was queued takes effect at once (the row is "skipped").
create table campaigns (
  id uuid primary key default gen_random_uuid(),
  subject text not null check (length(subject) between 1 and 200),
  body_markdown text not null check (length(body_markdown) <= 100000),
  status text not null default 'draft' check (status in ('draft', 'sending', 'paused', 'sent')),
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  queued_at timestamptz,
  finished_at timestamptz,
  recipient_count integer not null default 0 check (recipient_count >= 0),
  -- Why it went out despite advertising findings (Publish anyway), when it did.
  override_reason text check (length(override_reason) <= 500)
);
create index campaigns_created_idx on campaigns (created_at desc);

create table campaign_recipients (
  campaign_id uuid not null references campaigns (id) on delete cascade,
  subscriber_id uuid not null references subscribers (id) on delete cascade,
  status text not null default 'pending'
    check (status in ('pending', 'claimed', 'sent', 'failed', 'skipped', 'interrupted')),
  attempts integer not null default 0 check (attempts >= 0),
  claimed_at timestamptz,
  next_attempt_at timestamptz not null default now(),
  last_error text check (length(last_error) <= 500),
  sent_at timestamptz,
  primary key (campaign_id, subscriber_id)
);
-- What a sender looks for: the pending rows of a campaign that is sending.
create index campaign_recipients_pending_idx on campaign_recipients (campaign_id, next_attempt_at)
  where status = 'pending';
create index campaign_recipients_claimed_idx on campaign_recipients (campaign_id, claimed_at)
  where status = 'claimed';
create index campaign_recipients_subscriber_idx on campaign_recipients (subscriber_id);
