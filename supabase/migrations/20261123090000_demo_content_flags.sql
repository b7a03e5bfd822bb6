-- Demo content (seeded into a new database) is marked in the data, so the public pages can show a
-- "demo content" note to signed-in staff only, instead of a hint written into the text that every
-- visitor reads. An admin's save clears the flag: from then on the row is theirs.
alter table deals_slides add column is_demo boolean not null default false;
alter table posts add column is_demo boolean not null default false;

-- Databases seeded before this migration carry the hint in the text itself: move it into the flag.
update deals_slides
set is_demo = true,
  description = nullif(
    rtrim(left(description, length(description) - length('(Demo deal — edit or replace it in Admin → Deals.)')), E' \t\r\n'),
    ''
  ),
  updated_at = now()
where description like '%(Demo deal — edit or replace it in Admin → Deals.)';

update posts
set is_demo = true,
  content = rtrim(
    left(rtrim(content, E' \t\r\n'), length(rtrim(content, E' \t\r\n')) - length('*Demo article — edit or delete it in Admin → Blog.*')),
    E' \t\r\n'
  ),
  updated_at = now()
where rtrim(content, E' \t\r\n') like '%*Demo article — edit or delete it in Admin → Blog.*';
