-- Every write to a table that public pages show sends a notification on the channel
-- 'public_content_changed' (payload: the table's name) when its transaction commits. Each app instance
-- listens and empties its page cache (app/server/page-cache.server.ts): a change made by any instance, a
-- script or an operator's SQL reaches every instance at once, and a rolled-back write sends nothing.
-- Postgres folds identical notifications of one transaction into one.
create function notify_public_content_changed() returns trigger
language plpgsql as $$
begin
  perform pg_notify('public_content_changed', tg_table_name);
  return null;
end;
$$;

do $$
declare
  public_table text;
begin
  foreach public_table in array array[
    'brands', 'categories', 'deals_slides', 'gallery_photos', 'post_categories', 'post_tags', 'posts',
    'reviews', 'site_settings', 'store_hours_exceptions', 'tags'
  ] loop
    execute format(
      'create trigger %I after insert or update or delete or truncate on %I '
      'for each statement execute function notify_public_content_changed()',
      public_table || '_public_content_changed', public_table
    );
  end loop;
end;
$$;
