import { Migration } from '@mikro-orm/migrations';

/**
 * One-to-one sessions: session types, coaches' availability and busy calendars; a booking books
 * seats on a schedule or a session (a check constraint: exactly one), and a coach's booked
 * time (with buffers) never overlaps (an exclusion constraint, btree_gist). Payout rows of a
 * paid session take their coach from the booking.
 */
export class Migration20261128073000_sessions extends Migration {

  override name = 'Migration20261128073000_sessions';

  override up(): void | Promise<void> {
    // The coach id's equality inside a GiST exclusion constraint (PostgreSQL's contrib, like pg_trgm).
    this.addSql(`create extension if not exists btree_gist;`);
    this.addSql(`create table "session_types" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "tenant_id" uuid not null, "coach_id" uuid not null, "title" varchar(255) not null, "description" text null, "duration_minutes" int not null, "price" int not null default 0, "currency" varchar(3) not null default 'usd', "mode" varchar(16) not null default 'ONLINE', "location" varchar(500) null, "buffer_before_minutes" int not null default 0, "buffer_after_minutes" int not null default 0, "minimum_notice_minutes" int not null default 240, "booking_window_days" int not null default 60, "max_per_day" int null, "refund_policy" jsonb null, "status" varchar(16) not null default 'ACTIVE', primary key ("id"));`);
    this.addSql(`create index "session_types_deleted_at_index" on "session_types" ("deleted_at");`);
    this.addSql(`create index "session_types_tenant_id_index" on "session_types" ("tenant_id");`);
    this.addSql(`create index "session_types_coach_id_status_index" on "session_types" ("coach_id", "status");`);

    this.addSql(`create table "calendar_feeds" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "coach_id" uuid not null, "url" text not null, "status" varchar(16) not null default 'pending', "error" varchar(500) null, "etag" varchar(500) null, "last_modified" varchar(100) null, "busy" jsonb not null, "busy_count" int not null default 0, "last_fetched_at" timestamptz null, "last_success_at" timestamptz null, "next_fetch_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "calendar_feeds_coach_id_index" on "calendar_feeds" ("coach_id");`);
    this.addSql(`create index "calendar_feeds_due_idx" on "calendar_feeds" ("next_fetch_at");`);
    this.addSql(`alter table "calendar_feeds" add constraint "calendar_feeds_coach_url_unique" unique ("coach_id", "url");`);

    this.addSql(`create table "availabilities" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "coach_id" uuid not null, "time_zone" varchar(64) not null default 'UTC', "weekly" jsonb not null, "overrides" jsonb not null, primary key ("id"));`);
    this.addSql(`alter table "availabilities" add constraint "availabilities_coach_unique" unique ("coach_id");`);

    this.addSql(`alter table "feedbacks" add "session_type_id" uuid null;`);
    this.addSql(`alter table "feedbacks" add constraint "feedbacks_session_type_id_foreign" foreign key ("session_type_id") references "session_types" ("id") on delete cascade;`);
    this.addSql(`alter table "feedbacks" alter column "workshop_schedule_id" drop not null;`);

    this.addSql(`alter table "bookings" add "session_type_id" uuid null, add "session_coach_id" uuid null, add "ends_at" timestamptz null, add "blocked_from" timestamptz null, add "blocked_until" timestamptz null;`);
    this.addSql(`alter table "bookings" add constraint "bookings_session_type_id_foreign" foreign key ("session_type_id") references "session_types" ("id") on delete no action;`);
    this.addSql(`alter table "bookings" add constraint "bookings_session_coach_id_foreign" foreign key ("session_coach_id") references "users" ("id") on delete no action;`);
    this.addSql(`alter table "bookings" alter column "workshop_schedule_id" drop not null;`);
    this.addSql(`create index "bookings_session_type_id_index" on "bookings" ("session_type_id");`);
    this.addSql(`create index "bookings_session_coach_idx" on "bookings" ("session_coach_id", "starts_at") where session_coach_id is not null and deleted_at is null;`);
    this.addSql(`create index "bookings_session_start_due_idx" on "bookings" ("starts_at") where session_type_id is not null and deleted_at is null;`);
    this.addSql(`create index "bookings_session_end_due_idx" on "bookings" ("ends_at") where session_type_id is not null and deleted_at is null;`);
    this.addSql(`alter table "bookings" add constraint "bookings_session_time_excl" EXCLUDE USING gist (session_coach_id WITH =, tstzrange(blocked_from, blocked_until) WITH &&) WHERE (((session_coach_id IS NOT NULL) AND ((status)::text <> 'CANCELLED'::text) AND (deleted_at IS NULL)));`);
    this.addSql(`alter table "bookings" add constraint "bookings_books_one_thing" check ((workshop_schedule_id is null) <> (session_type_id is null) and (session_type_id is null or (session_coach_id is not null and starts_at is not null and ends_at > starts_at and blocked_from <= starts_at and blocked_until >= ends_at)));`);

    this.addSql(`alter table "payout_transfers" alter column "workshop_schedule_id" drop not null;`);

    this.addSql(`alter table "session_types" add constraint "session_types_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on delete cascade;`);
    this.addSql(`alter table "session_types" add constraint "session_types_coach_id_foreign" foreign key ("coach_id") references "users" ("id") on delete cascade;`);
    this.addSql(`create trigger session_types_page_changes_i after insert on session_types referencing new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''u:'' || r.coach_id', '''l''');`);
    this.addSql(`create trigger session_types_page_changes_u after update on session_types referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''u:'' || r.coach_id', '''l''');`);
    this.addSql(`create trigger session_types_page_changes_d after delete on session_types referencing old table as old_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''u:'' || r.coach_id', '''l''');`);

    this.addSql(`alter table "calendar_feeds" add constraint "calendar_feeds_coach_id_foreign" foreign key ("coach_id") references "users" ("id") on delete cascade;`);
    this.addSql(`create trigger calendar_feeds_page_changes_i after insert on calendar_feeds referencing new table as new_rows
  for each statement execute function note_page_changes('''u:'' || r.coach_id');`);
    this.addSql(`create trigger calendar_feeds_page_changes_u after update on calendar_feeds referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''u:'' || r.coach_id');`);
    this.addSql(`create trigger calendar_feeds_page_changes_d after delete on calendar_feeds referencing old table as old_rows
  for each statement execute function note_page_changes('''u:'' || r.coach_id');`);

    this.addSql(`alter table "availabilities" add constraint "availabilities_coach_id_foreign" foreign key ("coach_id") references "users" ("id") on delete cascade;`);
    this.addSql(`create trigger availabilities_page_changes_i after insert on availabilities referencing new table as new_rows
  for each statement execute function note_page_changes('''u:'' || r.coach_id');`);
    this.addSql(`create trigger availabilities_page_changes_u after update on availabilities referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''u:'' || r.coach_id');`);
    this.addSql(`create trigger availabilities_page_changes_d after delete on availabilities referencing old table as old_rows
  for each statement execute function note_page_changes('''u:'' || r.coach_id');`);

    // A paid session's payout row: no schedule, the coach is the booking's.
    this.addSql(`create or replace function payout_transfer_for_payment() returns trigger language plpgsql as $$
begin
  insert into payout_transfers (id, created_at, updated_at, tenant_id, booking_id, workshop_schedule_id, coach_id, currency)
  select gen_random_uuid(), now(), now(), b.tenant_id, b.id, b.workshop_schedule_id, coalesce(s.coach_id, b.session_coach_id), new.currency
    from bookings b left join workshop_schedules s on s.id = b.workshop_schedule_id
   where b.id = new.booking_id
  on conflict (booking_id) do nothing;
  return null;
end $$;`);
    // A session booking's coach is its session coach (the coach's lists read bookings by coach_id).
    this.addSql(`create or replace function bookings_schedule_copy() returns trigger language plpgsql as $$
begin
  if new.workshop_schedule_id is not null then
    select s.start_date, s.coach_id, s.workshop_id into new.starts_at, new.coach_id, new.workshop_id
      from workshop_schedules s where s.id = new.workshop_schedule_id;
  elsif new.session_coach_id is not null then
    new.coach_id := new.session_coach_id;
  end if;
  return new;
end $$;`);
    // A session's payout row takes the session's times from its booking (a move updates them: rescheduleSession).
    this.addSql(`create or replace function payout_transfers_fill() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' or new.workshop_schedule_id is distinct from old.workshop_schedule_id then
    if new.workshop_schedule_id is not null then
      select s.start_date, s.end_date into new.starts_at, new.ends_at from workshop_schedules s where s.id = new.workshop_schedule_id;
    else
      select b.starts_at, b.ends_at into new.starts_at, new.ends_at from bookings b where b.id = new.booking_id;
    end if;
  end if;
  new.live_fee := round(greatest(new.paid - new.refunds, 0) * coalesce(new.fee_percent,
    (select f.percent from tenants tn join payout_fee_percents f on f.plan = tn.plan where tn.id = new.tenant_id), 0) / 100.0)::int;
  return new;
end $$;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "feedbacks" drop constraint "feedbacks_session_type_id_foreign";`);
    this.addSql(`alter table "bookings" drop constraint "bookings_session_type_id_foreign";`);

    this.addSql(`drop table if exists "session_types" cascade;`);
    this.addSql(`drop table if exists "calendar_feeds" cascade;`);
    this.addSql(`drop table if exists "availabilities" cascade;`);

    this.addSql(`alter table "bookings" drop constraint "bookings_session_coach_id_foreign";`);

    this.addSql(`drop index "bookings_session_type_id_index";`);
    this.addSql(`drop index "bookings_session_coach_idx";`);
    this.addSql(`drop index "bookings_session_start_due_idx";`);
    this.addSql(`drop index "bookings_session_end_due_idx";`);
    this.addSql(`alter table "bookings" drop constraint "bookings_session_time_excl";`);
    this.addSql(`alter table "bookings" drop constraint "bookings_books_one_thing";`);
    this.addSql(`alter table "bookings" drop column "session_type_id", drop column "session_coach_id", drop column "ends_at", drop column "blocked_from", drop column "blocked_until";`);
    this.addSql(`alter table "bookings" alter column "workshop_schedule_id" set not null;`);

    this.addSql(`alter table "feedbacks" drop column "session_type_id";`);
    this.addSql(`alter table "feedbacks" alter column "workshop_schedule_id" set not null;`);

    this.addSql(`alter table "payout_transfers" alter column "workshop_schedule_id" set not null;`);
    this.addSql(`create or replace function payout_transfer_for_payment() returns trigger language plpgsql as $$
begin
  insert into payout_transfers (id, created_at, updated_at, tenant_id, booking_id, workshop_schedule_id, coach_id, currency)
  select gen_random_uuid(), now(), now(), b.tenant_id, b.id, b.workshop_schedule_id, s.coach_id, new.currency
    from bookings b join workshop_schedules s on s.id = b.workshop_schedule_id
   where b.id = new.booking_id
  on conflict (booking_id) do nothing;
  return null;
end $$;`);
  }

}
