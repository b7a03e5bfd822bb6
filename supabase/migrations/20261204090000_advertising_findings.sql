-- The advertising checker's findings (issue 27), kept with the words they were found in, so the dashboard can
-- count the live content with findings without reading every post. The checker is the app's code
-- (app/lib/ad-rules), so the database cannot run it: a change to the checked words marks the row unchecked
-- (ad_checked_with null, by the triggers below) and the app checks unchecked rows before it counts them
-- (app/models/ad-findings.server.ts). ad_checked_with names the version of the rules that checked the row:
-- new rules after a deploy recheck everything once.
--   ad_findings: [{ "field": "content", "kind": "health-claim", "phrase": "relieves anxiety" }], every rule's
--   findings (a rule the owner switched off is filtered out where they are counted).

alter table posts
  add column ad_findings jsonb not null default '[]' check (jsonb_typeof(ad_findings) = 'array'),
  add column ad_checked_with text;
alter table deals_slides
  add column ad_findings jsonb not null default '[]' check (jsonb_typeof(ad_findings) = 'array'),
  add column ad_checked_with text;
alter table gallery_photos
  add column ad_findings jsonb not null default '[]' check (jsonb_typeof(ad_findings) = 'array'),
  add column ad_checked_with text;
alter table brands
  add column ad_findings jsonb not null default '[]' check (jsonb_typeof(ad_findings) = 'array'),
  add column ad_checked_with text;
alter table catalog_products
  add column ad_findings jsonb not null default '[]' check (jsonb_typeof(ad_findings) = 'array'),
  add column ad_checked_with text;

create function ad_findings_unchecked() returns trigger
language plpgsql as $$
begin
  new.ad_checked_with := null;
  return new;
end;
$$;

create trigger posts_ad_findings_unchecked
  before update of title, excerpt, content, meta_title, meta_description on posts
  for each row
  when (
    old.title is distinct from new.title or old.excerpt is distinct from new.excerpt
    or old.content is distinct from new.content or old.meta_title is distinct from new.meta_title
    or old.meta_description is distinct from new.meta_description
  )
  execute function ad_findings_unchecked();
create trigger deals_slides_ad_findings_unchecked
  before update of title, description on deals_slides
  for each row
  when (old.title is distinct from new.title or old.description is distinct from new.description)
  execute function ad_findings_unchecked();
create trigger gallery_photos_ad_findings_unchecked
  before update of alt, caption on gallery_photos
  for each row
  when (old.alt is distinct from new.alt or old.caption is distinct from new.caption)
  execute function ad_findings_unchecked();
create trigger brands_ad_findings_unchecked
  before update of name on brands
  for each row
  when (old.name is distinct from new.name)
  execute function ad_findings_unchecked();
create trigger catalog_products_ad_findings_unchecked
  before update of description, edited_description on catalog_products
  for each row
  when (
    old.description is distinct from new.description
    or old.edited_description is distinct from new.edited_description
  )
  execute function ad_findings_unchecked();

-- The rows waiting for a check, and the rows with findings (few of either, among many posts and products).
create index posts_ad_unchecked_idx on posts (id) where ad_checked_with is null;
create index posts_ad_findings_idx on posts (id) where ad_findings <> '[]';
create index catalog_products_ad_unchecked_idx on catalog_products (id) where ad_checked_with is null;
create index catalog_products_ad_findings_idx on catalog_products (id) where ad_findings <> '[]';
