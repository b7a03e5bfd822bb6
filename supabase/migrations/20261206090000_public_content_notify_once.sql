-- The notification now names the transaction too ('posts 4812'): on Postgres an instance hears a write
-- twice, on the pooled connection that made it (before its COMMIT returns) and on its dedicated listening
-- connection, and a table's triggers may fire for several statements of one transaction; the listener
-- (app/server/content-changes.server.ts) acts on each table and transaction once.
create or replace function notify_public_content_changed() returns trigger
language plpgsql as $$
begin
  perform pg_notify('public_content_changed', tg_table_name || ' ' || txid_current());
  return null;
end;
$$;
