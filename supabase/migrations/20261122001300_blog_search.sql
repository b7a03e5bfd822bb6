-- Blog search at scale: a case-insensitive substring of the title or excerpt, through a trigram index.
-- (PGlite loads pg_trgm in app/server/db.server.ts; Supabase and most Postgres builds ship it.)
create extension if not exists pg_trgm;

-- Title and excerpt, lowercased once when a post is saved. The newline separator keeps a one-line search
-- from matching across the two fields.
alter table posts
  add column search_text text generated always as (lower(title || E'\n' || coalesce(excerpt, ''))) stored;

create index posts_search_text_trgm_idx on posts using gin (search_text gin_trgm_ops) where status = 'published';
