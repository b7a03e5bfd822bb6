-- Admin applications and inquiries search: a case-insensitive substring of the name, e-mail or
-- position/topic (its value, and its label: the value with spaces for hyphens) stays fast at 100,000
-- rows through trigram indexes. The models search exactly these expressions. The newline separator keeps
-- a one-line search from matching across two fields.
create index job_applications_search_trgm_idx on job_applications using gin (
  (full_name || E'\n' || email || E'\n' || position || E'\n' || replace(position, '-', ' ')) gin_trgm_ops
);

create index contact_inquiries_search_trgm_idx on contact_inquiries using gin (
  (name || E'\n' || email || E'\n' || topic || E'\n' || replace(topic, '-', ' ')) gin_trgm_ops
);
