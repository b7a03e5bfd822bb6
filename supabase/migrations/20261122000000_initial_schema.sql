-- Initial schema: every entity of the spec, with its rules enforced by the database.

create table categories (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 100),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  created_at timestamptz not null default now()
);

create table tags (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 100),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  created_at timestamptz not null default now()
);

create table posts (
  id uuid primary key default gen_random_uuid(),
  title text not null check (length(btrim(title)) between 1 and 199),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 200),
  excerpt text check (length(excerpt) < 500),
  content text not null default '' check (length(content) < 100000),
  hero_image_url text,
  hero_image_key text,
  og_image_url text,
  author text not null default 'The Lindsey Street Team',
  status text not null default 'draft' check (status in ('draft', 'scheduled', 'published')),
  published_at timestamptz,
  meta_title text check (length(meta_title) <= 60),
  meta_description text check (length(meta_description) <= 160),
  read_minutes integer not null default 1 check (read_minutes >= 1),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- A draft has no publish date; a scheduled or published post always has one.
  constraint posts_publish_date_matches_status check ((status = 'draft') = (published_at is null))
);

-- Public lists: published posts, newest first.
create index posts_published_at_idx on posts (published_at desc, id) where status = 'published';
-- Admin list: newest created first, optionally by status.
create index posts_created_at_idx on posts (created_at desc);
create index posts_status_created_at_idx on posts (status, created_at desc);

create table post_categories (
  post_id uuid not null references posts (id) on delete cascade,
  category_id uuid not null references categories (id) on delete cascade,
  primary key (post_id, category_id)
);
create index post_categories_category_idx on post_categories (category_id, post_id);

create table post_tags (
  post_id uuid not null references posts (id) on delete cascade,
  tag_id uuid not null references tags (id) on delete cascade,
  primary key (post_id, tag_id)
);
create index post_tags_tag_idx on post_tags (tag_id, post_id);

create table brands (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 120),
  logo_url text not null check (length(btrim(logo_url)) > 0),
  logo_key text,
  site_url text check (site_url ~* '^https?://'),
  is_featured boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index brands_order_idx on brands (sort_order, name);

create table deals_slides (
  id uuid primary key default gen_random_uuid(),
  title text not null check (length(btrim(title)) between 1 and 200),
  description text,
  image_url text,
  image_key text,
  start_date date,
  end_date date,
  is_active boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint deals_slides_dates_in_order check (start_date is null or end_date is null or start_date <= end_date)
);
create index deals_slides_order_idx on deals_slides (sort_order, created_at);

create table reviews (
  id uuid primary key default gen_random_uuid(),
  store text not null check (store in ('Lindsey', 'BlueWater')),
  author text not null check (length(btrim(author)) > 0),
  source text not null,
  rating integer not null check (rating between 1 and 5),
  quote text not null,
  review_date date not null,
  -- Demo reviews are marked so the owner can replace them; fake reviews are unlawful (16 CFR 465).
  is_sample boolean not null default false,
  created_at timestamptz not null default now()
);
create index reviews_store_date_idx on reviews (store, review_date desc);

create table job_applications (
  id uuid primary key default gen_random_uuid(),
  full_name text not null check (length(btrim(full_name)) between 1 and 200),
  email text not null check (position('@' in email) > 1 and length(email) <= 254),
  phone text not null check (length(btrim(phone)) between 1 and 40),
  position text not null check (position in ('budtender', 'shift-lead', 'manager', 'kitchen', 'packaging', 'driver')),
  availability text not null check (length(btrim(availability)) between 1 and 1000),
  how_did_you_hear text check (length(how_did_you_hear) <= 500),
  -- The stored resume (private bucket): key, original name, type and size.
  resume_key text,
  resume_file_name text,
  resume_content_type text,
  resume_size_bytes integer check (resume_size_bytes is null or resume_size_bytes > 0),
  created_at timestamptz not null default now(),
  constraint job_applications_resume_complete check (
    (resume_key is null) = (resume_file_name is null)
    and (resume_key is null) = (resume_content_type is null)
    and (resume_key is null) = (resume_size_bytes is null)
  )
);
create index job_applications_created_at_idx on job_applications (created_at desc, id);

create table contact_inquiries (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 200),
  email text not null check (position('@' in email) > 1 and length(email) <= 254),
  phone text check (length(phone) <= 40),
  topic text not null check (topic in ('product-suggestion', 'career', 'review', 'general')),
  message text not null check (length(btrim(message)) between 1 and 5000),
  status text not null default 'new' check (status in ('new', 'in-progress', 'closed')),
  created_at timestamptz not null default now()
);
create index contact_inquiries_created_at_idx on contact_inquiries (created_at desc, id);
create index contact_inquiries_status_created_at_idx on contact_inquiries (status, created_at desc, id);

create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null check (position('@' in email) > 1 and length(email) <= 254),
  password_hash text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_lower_idx on users (lower(email));

create table user_roles (
  user_id uuid not null references users (id) on delete cascade,
  role text not null check (length(role) > 0),
  created_at timestamptz not null default now(),
  primary key (user_id, role)
);

create table sessions (
  -- sha256 of the random id in the cookie: a leaked table does not leak live sessions.
  id_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  user_agent text,
  ip text
);
create index sessions_user_idx on sessions (user_id);
create index sessions_expires_at_idx on sessions (expires_at);

create table password_reset_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index password_reset_tokens_user_idx on password_reset_tokens (user_id);

-- Fixed-window counters shared by every app instance (form submissions, sign-in attempts).
create table rate_limits (
  key text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (key, window_start)
);
create index rate_limits_window_idx on rate_limits (window_start);
