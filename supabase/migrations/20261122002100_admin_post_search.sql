-- Admin blog list: a case-insensitive substring of the title, over posts of every status, stays fast at
-- 100,000 posts through a trigram index (the public search index covers published posts only).
create index posts_title_lower_trgm_idx on posts using gin (lower(title) gin_trgm_ops);
