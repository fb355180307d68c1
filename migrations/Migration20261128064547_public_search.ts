import { Migration } from '@mikro-orm/migrations';

/**
 * The marketplace search (src/modules/workshops/public.search.ts): a document per workshop and
 * coach that share a schedule (`search_documents`: the words of the title, of the title and
 * description, and of those with the coach's names, each with a full-text index, and the price),
 * kept by triggers in the writing transaction; the lexicon of known words under each one-letter
 * deletion (`search_terms`) for one-typo matches; each workshop's and coach's listing rows in
 * start order. The trigram indexes of the former `ilike` search go.
 */
export class Migration20261128064547_public_search extends Migration {

  override name = 'Migration20261128064547_public_search';

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
    // A coach's names as words.
    this.addSql(`create or replace function coach_search_words(u users) returns tsvector language sql stable as $$
  select to_tsvector('simple'::regconfig, coalesce(u.username, '') || ' ' || coalesce(u.profile->>'firstName', '') || ' '
    || coalesce(u.profile->>'lastName', '') || ' ' || coalesce(u.coach_profile->>'businessName', ''))
$$;`);
    // A document's words and price, from its workshop and coach (on every insert and update).
    this.addSql(`create or replace function search_document_fill() returns trigger language plpgsql as $$
declare
  w workshops;
  u users;
begin
  select * into w from workshops where id = new.workshop_id;
  select * into u from users where id = new.coach_id;
  new.price := coalesce(w.price, 0);
  new.title_words := to_tsvector('simple'::regconfig, coalesce(w.title, ''));
  new.text_words := to_tsvector('simple'::regconfig, coalesce(w.title, '') || ' ' || coalesce(w.description, ''));
  new.all_words := new.text_words || coalesce(coach_search_words(u), ''::tsvector);
  return new;
end $$;`);
    // New schedules (one statement, however many rows): the documents of the pairs they bring.
    this.addSql(`create or replace function search_documents_added() returns trigger language plpgsql as $$
begin
  insert into search_documents (workshop_id, coach_id) select distinct workshop_id, coach_id from added on conflict do nothing;
  return null;
end $$;`);
    this.addSql(`create or replace function search_document_moved() returns trigger language plpgsql as $$
begin
  insert into search_documents (workshop_id, coach_id) values (new.workshop_id, new.coach_id) on conflict do nothing;
  return null;
end $$;`);
    // A workshop's text or price, a coach's names: their documents again (the fill trigger rereads
    // them), and the lexicon (a coach's words once they coach a schedule, or have a coach's role).
    this.addSql(`create or replace function search_source_changed() returns trigger language plpgsql as $$
begin
  if TG_TABLE_NAME = 'workshops' then
    if TG_OP = 'UPDATE' then
      update search_documents set price = price where workshop_id = new.id;
    end if;
    perform add_search_terms_of(to_tsvector('simple'::regconfig, coalesce(new.title, '') || ' ' || coalesce(new.description, '')));
  else
    if TG_OP = 'UPDATE' then
      update search_documents set price = price where coach_id = new.id;
    end if;
    if found or new.coach_profile is not null or 'coach' = any(new.roles) then
      perform add_search_terms_of(coach_search_words(new));
    end if;
  end if;
  return null;
end $$;`);

    this.addSql(`create table "search_documents" ("workshop_id" uuid not null, "coach_id" uuid not null, "price" int not null default 0, "title_words" tsvector null, "text_words" tsvector null, "all_words" tsvector null, primary key ("workshop_id", "coach_id"));`);
    this.addSql(`create index "search_documents_coach_idx" on "search_documents" ("coach_id");`);
    this.addSql(`create index "search_documents_title_idx" on "search_documents" using gin ("title_words");`);
    this.addSql(`create index "search_documents_text_idx" on "search_documents" using gin ("text_words");`);
    this.addSql(`create index "search_documents_all_idx" on "search_documents" using gin ("all_words");`);

    this.addSql(`drop index "users_coach_text_trgm_idx";`);
    this.addSql(`create trigger users_search after insert or update of username, profile, coach_profile, roles on users
  for each row execute function search_source_changed();`);

    this.addSql(`drop index "workshops_text_trgm_idx";`);
    this.addSql(`create trigger workshops_search after insert or update of title, description, price on workshops
  for each row execute function search_source_changed();`);

    this.addSql(`create index "workshop_schedules_listing_workshop_idx" on "workshop_schedules" ("workshop_id", "start_date", "id") include ("end_date", "coach_id", "tenant_id", "level", "mode", "country", "seats_taken") where deleted_at is null and status = 'PUBLISHED' and visibility = 'PUBLIC';`);
    this.addSql(`create index "workshop_schedules_listing_coach_idx" on "workshop_schedules" ("coach_id", "start_date", "id") include ("end_date", "workshop_id", "tenant_id", "level", "mode", "country", "seats_taken") where deleted_at is null and status = 'PUBLISHED' and visibility = 'PUBLIC';`);
    this.addSql(`create trigger workshop_schedules_search_added after insert on workshop_schedules
  referencing new table as added for each statement execute function search_documents_added();`);
    this.addSql(`create trigger workshop_schedules_search_moved after update of workshop_id, coach_id on workshop_schedules
  for each row when (old.workshop_id is distinct from new.workshop_id or old.coach_id is distinct from new.coach_id)
  execute function search_document_moved();`);

    this.addSql(`alter table "search_documents" add constraint "search_documents_workshop_id_foreign" foreign key ("workshop_id") references "workshops" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "search_documents" add constraint "search_documents_coach_id_foreign" foreign key ("coach_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`create trigger search_documents_fill before insert or update on search_documents
  for each row execute function search_document_fill();`);
    // What is there already: the documents of every schedule's pair, the words of every workshop and coach.
    this.addSql(`insert into search_documents (workshop_id, coach_id) select distinct workshop_id, coach_id from workshop_schedules on conflict do nothing;`);
    this.addSql(`select add_search_terms_of(to_tsvector('simple'::regconfig, coalesce(title, '') || ' ' || coalesce(description, ''))) from workshops where deleted_at is null;`);
    this.addSql(`select add_search_terms_of(coach_search_words(u)) from users u
  where u.deleted_at is null and (u.coach_profile is not null or 'coach' = any(u.roles) or exists (select 1 from search_documents d where d.coach_id = u.id));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "search_terms" cascade;`);
    this.addSql(`drop trigger if exists "search_documents_fill" on "search_documents";`);
    this.addSql(`drop table if exists "search_documents" cascade;`);

    this.addSql(`drop trigger if exists "users_search" on "users";`);
    this.addSql(`CREATE INDEX users_coach_text_trgm_idx ON public.users USING gin (((((((((COALESCE(username, ''::character varying))::text || ' '::text) || COALESCE((profile ->> 'firstName'::text), ''::text)) || ' '::text) || COALESCE((profile ->> 'lastName'::text), ''::text)) || ' '::text) || COALESCE((coach_profile ->> 'businessName'::text), ''::text))) gin_trgm_ops);`);

    this.addSql(`drop index "workshop_schedules_listing_workshop_idx";`);
    this.addSql(`drop index "workshop_schedules_listing_coach_idx";`);
    this.addSql(`drop trigger if exists "workshop_schedules_search_added" on "workshop_schedules";`);
    this.addSql(`drop trigger if exists "workshop_schedules_search_moved" on "workshop_schedules";`);

    this.addSql(`drop trigger if exists "workshops_search" on "workshops";`);
    this.addSql(`CREATE INDEX workshops_text_trgm_idx ON public.workshops USING gin (((((COALESCE(title, ''::character varying))::text || ' '::text) || COALESCE(description, ''::text))) gin_trgm_ops);`);
    this.addSql(`drop function if exists search_source_changed();`);
    this.addSql(`drop function if exists search_document_moved();`);
    this.addSql(`drop function if exists search_documents_added();`);
    this.addSql(`drop function if exists search_document_fill();`);
    this.addSql(`drop function if exists coach_search_words(users);`);
    this.addSql(`drop function if exists add_search_terms_of(tsvector);`);
  }

}
