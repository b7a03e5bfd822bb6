-- Deals by e-mail (and texts), with consent the store can prove (issue 40).
--
-- subscribers: one row per e-mail address that asked for deals, with where each channel stands now. E-mail
-- counts only once confirmed (double opt-in); texts are consented on the form itself (the store's SMS vendor
-- sends its own confirmation). A patient's erasure request empties the contact columns and keeps the row.
--
-- consent_events: the ledger, append-only. Every grant and withdrawal with the address or number, the
-- channel, the time, the page, the exact text shown (consent_texts, stored once per version), the method,
-- and the client's address shortened to its network (IPv4 /24, IPv6 /48; /privacy says so). A trigger
-- refuses every delete and every update but one: erasure, which empties the address and the client's
-- network and changes nothing else, leaving an anonymous record that consent existed and ended.
create table consent_texts (
  id uuid primary key default gen_random_uuid(),
  channel text not null check (channel in ('email', 'sms')),
  -- 1, 2, 3… per channel, in the order the texts were first shown.
  version integer not null check (version >= 1),
  text text not null check (length(text) between 1 and 2000),
  text_sha256 text not null check (text_sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  unique (channel, version),
  unique (channel, text_sha256)
);

create table subscribers (
  id uuid primary key default gen_random_uuid(),
  -- Lower-cased; null only after erasure.
  email text check (email = lower(email) and length(email) between 3 and 254),
  -- Ten digits (a US number); null when none was given, or after erasure.
  phone text check (phone ~ '^[2-9][0-9]{9}$'),
  email_status text not null check (email_status in ('pending', 'confirmed', 'withdrawn')),
  sms_status text check (sms_status in ('consented', 'withdrawn')),
  created_at timestamptz not null default now(),
  -- When the last confirmation mail was queued: a sign-up repeated soon after sends no second mail.
  confirmation_sent_at timestamptz,
  confirmed_at timestamptz,
  email_status_changed_at timestamptz not null default now(),
  sms_status_changed_at timestamptz,
  erased_at timestamptz,
  constraint subscribers_erased check ((erased_at is null) = (email is not null)),
  constraint subscribers_sms_phone check (sms_status is null or erased_at is not null or phone is not null)
);
create unique index subscribers_email_idx on subscribers (email) where email is not null;
-- Admin → Subscribers' counts and the campaign's recipients (confirmed, newest first).
create index subscribers_email_status_idx on subscribers (email_status, created_at desc);
-- The daily removal of sign-ups never confirmed.
create index subscribers_pending_idx on subscribers (created_at) where email_status = 'pending';

create table consent_events (
  id bigint generated always as identity primary key,
  subscriber_id uuid references subscribers (id) on delete set null,
  channel text not null check (channel in ('email', 'sms')),
  -- requested: an e-mail sign-up waiting for its confirmation; granted: consent in force (e-mail confirmed,
  -- or texts agreed to on the form); withdrawn: it ended.
  action text not null check (action in ('requested', 'granted', 'withdrawn')),
  -- The address or number it is about; null after erasure.
  address text check (length(address) <= 254),
  -- The text the patient was shown (grants and requests); null for a withdrawal.
  consent_text_id uuid references consent_texts (id),
  page text check (length(page) <= 300),
  method text not null check (method in ('form', 'confirmation-link', 'unsubscribe-link', 'one-click', 'admin', 'erasure')),
  -- An admin's record of what the patient asked (by phone, at the counter).
  reason text check (length(reason) <= 500),
  -- The client's network (203.0.113.0/24, 2001:db8:1::/48); null after erasure or when unknown.
  client_network text check (length(client_network) <= 64),
  actor_id uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint consent_events_text check (action = 'withdrawn' or consent_text_id is not null),
  constraint consent_events_reason check (method <> 'admin' or reason is not null)
);
create index consent_events_subscriber_idx on consent_events (subscriber_id, id);
create index consent_events_created_idx on consent_events (created_at, id);

create function consent_events_append_only() returns trigger
language plpgsql as $$
begin
  if tg_op in ('DELETE', 'TRUNCATE') then
    raise exception 'consent_events is append-only: a record cannot be deleted';
  end if;
  -- The one change allowed: erasure empties the address and the client's network (and, when the sign-up
  -- itself goes, the link to it), nothing else.
  if new.address is null and new.client_network is null
     and new.id = old.id
     and (new.subscriber_id is not distinct from old.subscriber_id or new.subscriber_id is null)
     and new.channel = old.channel and new.action = old.action
     and new.consent_text_id is not distinct from old.consent_text_id
     and new.page is not distinct from old.page and new.method = old.method
     and new.reason is not distinct from old.reason
     and new.actor_id is not distinct from old.actor_id
     and new.created_at = old.created_at then
    return new;
  end if;
  raise exception 'consent_events is append-only: a record cannot be changed';
end;
$$;
create trigger consent_events_append_only before update or delete on consent_events
  for each row execute function consent_events_append_only();
create trigger consent_events_no_truncate before truncate on consent_events
  for each statement execute function consent_events_append_only();

-- A confirmation link: its token's sha-256 only, single use, expiring.
create table subscription_confirmations (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  subscriber_id uuid not null references subscribers (id) on delete cascade,
  page text check (length(page) <= 300),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index subscription_confirmations_subscriber_idx on subscription_confirmations (subscriber_id);

-- The confirmation mail goes through the notification mail queue, about its subscriber.
alter table notification_mail add column subscriber_id uuid references subscribers (id) on delete cascade;
alter table notification_mail drop constraint notification_mail_one_subject;
alter table notification_mail
  add constraint notification_mail_one_subject
  check (num_nonnulls(application_id, inquiry_id, order_id, subscriber_id) = 1);
create index notification_mail_subscriber_idx on notification_mail (subscriber_id);
