import { Migration } from '@mikro-orm/migrations';

/**
 * The marketplace search (src/modules/workshops/public.search.ts): the words of workshop titles,
 * of titles with descriptions, and of coaches' names as full-text indexes ('simple': no stemming,
 * prefixes served by the index), the listing rows of one workshop or coach in start-date order,
 * and the lexicon of known words under each one-letter deletion (`search_terms`), kept by
 * triggers, for one-typo matches. The trigram indexes of the former `ilike` search go.
 */
export class Migration20261128054403_public_search extends Migration {

  override name = 'Migration20261128054403_public_search';

  override up(): void | Promise<void> {
    this.addSql(`create table "search_terms" ("variant" varchar(40) not null, "term" varchar(40) not null, primary key ("variant", "term"));`);
    // The words of a document (letters only, 4 to 40), each under itself and its one-letter deletions.
    this.addSql(`create or replace function add_search_terms_of(doc tsvector) returns void language sql as $$
  insert into search_terms (variant, term)
  select distinct x.v, t from unnest(tsvector_to_array(doc)) t
    cross join lateral (select t as v union all select overlay(t placing '' from i for 1) from generate_series(1, length(t)) i) x
  where t ~ '^[^0-9_[:punct:][:space:]]{4,40}$'
  on conflict do nothing
$$;`);
    this.addSql(`create or replace function add_search_terms() returns trigger language plpgsql as $$
begin
  if TG_TABLE_NAME = 'workshops' then
    perform add_search_terms_of(new.search_text);
  else
    perform add_search_terms_of(to_tsvector('simple'::regconfig, coalesce(new.username, '') || ' ' || coalesce(new.profile->>'firstName', '') || ' '
      || coalesce(new.profile->>'lastName', '') || ' ' || coalesce(new.coach_profile->>'businessName', '')));
  end if;
  return null;
end $$;`);

    this.addSql(`drop index "users_coach_text_trgm_idx";`);
    this.addSql(`create index "users_coach_search_idx" on "users" using gin (to_tsvector('simple'::regconfig, coalesce(username, '') || ' ' || coalesce(profile->>'firstName', '') || ' ' || coalesce(profile->>'lastName', '') || ' ' || coalesce(coach_profile->>'businessName', '')));`);
    this.addSql(`create trigger users_search_terms after insert or update of username, profile, coach_profile, roles on users
  for each row when (new.coach_profile is not null or 'coach' = any(new.roles)) execute function add_search_terms();`);

    this.addSql(`drop index "workshops_text_trgm_idx";`);
    this.addSql(`alter table "workshops" add "search_title" tsvector generated always as (to_tsvector('simple'::regconfig, (coalesce(title, ''::character varying))::text)) stored null, add "search_text" tsvector generated always as (to_tsvector('simple'::regconfig, (((coalesce(title, ''::character varying))::text || ' '::text) || coalesce(description, ''::text)))) stored null;`);
    this.addSql(`create index "workshops_search_title_idx" on "workshops" using gin ("search_title");`);
    this.addSql(`create index "workshops_search_text_idx" on "workshops" using gin ("search_text");`);
    this.addSql(`create trigger workshops_search_terms after insert or update of title, description on workshops
  for each row execute function add_search_terms();`);
    // The words already there.
    this.addSql(`select add_search_terms_of(search_text) from workshops where deleted_at is null;`);
    this.addSql(`select add_search_terms_of(to_tsvector('simple'::regconfig, coalesce(username, '') || ' ' || coalesce(profile->>'firstName', '') || ' '
      || coalesce(profile->>'lastName', '') || ' ' || coalesce(coach_profile->>'businessName', ''))) from users
      where deleted_at is null and (coach_profile is not null or 'coach' = any(roles));`);

    this.addSql(`create index "workshop_schedules_listing_workshop_idx" on "workshop_schedules" ("workshop_id", "start_date", "id") include ("end_date", "coach_id", "tenant_id", "level", "mode", "country", "seats_taken") where deleted_at is null and status = 'PUBLISHED' and visibility = 'PUBLIC';`);
    this.addSql(`create index "workshop_schedules_listing_coach_idx" on "workshop_schedules" ("coach_id", "start_date", "id") include ("end_date", "workshop_id", "tenant_id", "level", "mode", "country", "seats_taken") where deleted_at is null and status = 'PUBLISHED' and visibility = 'PUBLIC';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "search_terms" cascade;`);

    this.addSql(`drop index "users_coach_search_idx";`);
    this.addSql(`drop trigger if exists "users_search_terms" on "users";`);
    this.addSql(`create index "users_coach_text_trgm_idx" on "users" using gin ((coalesce(username, '') || ' ' || coalesce(profile->>'firstName', '') || ' ' || coalesce(profile->>'lastName', '') || ' ' || coalesce(coach_profile->>'businessName', '')) gin_trgm_ops);`);

    this.addSql(`drop index "workshop_schedules_listing_workshop_idx";`);
    this.addSql(`drop index "workshop_schedules_listing_coach_idx";`);

    this.addSql(`drop index "workshops_search_title_idx";`);
    this.addSql(`drop index "workshops_search_text_idx";`);
    this.addSql(`drop trigger if exists "workshops_search_terms" on "workshops";`);
    this.addSql(`drop function if exists add_search_terms();`);
    this.addSql(`drop function if exists add_search_terms_of(tsvector);`);
    this.addSql(`alter table "workshops" drop column "search_title", drop column "search_text";`);
    this.addSql(`create index "workshops_text_trgm_idx" on "workshops" using gin ((coalesce(title, '') || ' ' || coalesce(description, '')) gin_trgm_ops);`);
  }

}
