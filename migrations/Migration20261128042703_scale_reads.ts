import { Migration } from '@mikro-orm/migrations';

/**
 * Reads that cost what a page shows, not a person's whole history (issue 30):
 *
 * - bookings keep copies of their schedule's start, coach and workshop (`starts_at`, `coach_id`,
 *   `workshop_id`; trigger bookings_schedule_copy on insert or a move, and
 *   workshop_schedules_copy_to_bookings when a schedule's start, coach or workshop changes), so a
 *   coach's bookings are read in the order a page shows them from one index;
 * - booking_people: one row per booking and person it belongs to (its booker and every holder of an
 *   accepted seat) with the booking's start, status and workshop, kept by triggers on bookings and
 *   booking_seats, so "my bookings" is an index range whatever a client booked before.
 */
export class Migration20261128042703_scale_reads extends Migration {

  override name = 'Migration20261128042703_scale_reads';

  override up(): void | Promise<void> {
    this.addSql(`alter table "bookings" add "starts_at" timestamptz null, add "coach_id" uuid null, add "workshop_id" uuid null;`);
    this.addSql(`update bookings b set starts_at = s.start_date, coach_id = s.coach_id, workshop_id = s.workshop_id from workshop_schedules s where s.id = b.workshop_schedule_id;`);

    this.addSql(`create table "booking_people" ("user_id" uuid not null, "booking_id" uuid not null, "tenant_id" uuid not null, "workshop_id" uuid null, "starts_at" timestamptz null, "status" varchar(16) not null, "booker" boolean not null, "seats" int not null, "booked_at" timestamptz not null, primary key ("user_id", "booking_id"));`);
    this.addSql(`alter table "booking_people" add constraint "booking_people_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "booking_people" add constraint "booking_people_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on update cascade on delete cascade;`);
    this.addSql(`insert into booking_people (user_id, booking_id, tenant_id, workshop_id, starts_at, status, booker, seats, booked_at)
  select b.user_id, b.id, b.tenant_id, b.workshop_id, b.starts_at, b.status, true, b.seats, b.created_at from bookings b where b.deleted_at is null
  union
  select x.user_id, b.id, b.tenant_id, b.workshop_id, b.starts_at, b.status, false, 1, b.created_at
    from booking_seats x join bookings b on b.id = x.booking_id
   where b.deleted_at is null and x.deleted_at is null and x.status = 'ACCEPTED' and x.user_id is not null and x.user_id <> b.user_id
  on conflict do nothing;`);
    this.addSql(`create index "booking_people_user_starts_idx" on "booking_people" ("user_id", "starts_at" desc, "booking_id");`);
    this.addSql(`create index "booking_people_user_workshop_idx" on "booking_people" ("user_id", "workshop_id", "starts_at" desc, "booking_id");`);
    this.addSql(`create index "booking_people_user_tenant_idx" on "booking_people" ("user_id", "tenant_id");`);
    this.addSql(`create index "booking_people_user_active_idx" on "booking_people" ("user_id", "starts_at") include ("status", "booker", "seats") where status in ('PENDING', 'CONFIRMED');`);
    this.addSql(`create index "booking_people_user_pending_idx" on "booking_people" ("user_id", "starts_at") where status = 'PENDING' and booker;`);
    this.addSql(`create index "bookings_user_created_idx" on "bookings" ("user_id", "created_at") include ("seats", "amount_paid", "status") where deleted_at is null;`);
    this.addSql(`create index "booking_people_booking_idx" on "booking_people" ("booking_id");`);

    this.addSql(`create table "client_workshops" ("user_id" uuid not null, "workshop_id" uuid not null, "bookings" int not null default 0, "seats" int not null default 0, "last_start" timestamptz null, primary key ("user_id", "workshop_id"));`);
    this.addSql(`alter table "client_workshops" add constraint "client_workshops_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "client_workshops" add constraint "client_workshops_workshop_id_foreign" foreign key ("workshop_id") references "workshops" ("id") on update cascade on delete cascade;`);
    this.addSql(`insert into client_workshops (user_id, workshop_id, bookings, seats, last_start)
  select user_id, workshop_id, count(*), coalesce(sum(seats) filter (where status <> 'CANCELLED'), 0), max(starts_at) from booking_people where workshop_id is not null group by 1, 2;`);
    this.addSql(`create index "client_workshops_user_last_idx" on "client_workshops" ("user_id", "last_start" desc, "workshop_id");`);
    this.addSql(`create index "payments_user_created_idx" on "payments" ("user_id", "created_at" desc) where user_id is not null;`);
    this.addSql(`create index "payments_user_documents_idx" on "payments" ("user_id", "booking_id", "kind") where (kind = 'payment' and status in ('succeeded', 'refunded')) or (kind = 'refund' and status = 'succeeded');`);
    this.addSql(`create index "bookings_user_paid_idx" on "bookings" ("user_id", "confirmed_at" desc, "id") where deleted_at is null and amount_paid > 0;`);
    this.addSql(`create index "booking_seats_invited_user_idx" on "booking_seats" ("user_id") where status = 'PENDING' and deleted_at is null;`);
    this.addSql(`create index "booking_seats_invited_email_idx" on "booking_seats" (lower(email)) where status = 'PENDING' and deleted_at is null;`);
    this.addSql(`create table "feedback_totals" ("kind" varchar(1) not null, "id" uuid not null, "tenant_id" uuid not null, "n1" int not null default 0, "n2" int not null default 0, "n3" int not null default 0, "n4" int not null default 0, "n5" int not null default 0, primary key ("kind", "id", "tenant_id"));`);
    this.addSql(`insert into feedback_totals (kind, id, tenant_id, n1, n2, n3, n4, n5)
  select k.kind, k.id, f.tenant_id, ${[1, 2, 3, 4, 5].map((r) => `count(*) filter (where f.rating = ${r})`).join(', ')}
    from feedbacks f join workshop_schedules s on s.id = f.workshop_schedule_id
    cross join lateral (values ('c', f.coach_id), ('w', s.workshop_id), ('s', s.id)) k(kind, id)
   where f.deleted_at is null group by k.kind, k.id, f.tenant_id;`);
    this.addSql(`create index "feedbacks_coach_latest_idx" on "feedbacks" ("coach_id", "tenant_id", "created_at" desc, "id") where deleted_at is null;`);
    this.addSql(`create index "workshop_schedules_coach_idx" on "workshop_schedules" ("coach_id", "tenant_id", "start_date") where deleted_at is null;`);
    this.addSql(`create index "workshop_schedules_workshop_start_idx" on "workshop_schedules" ("workshop_id", "start_date");`);
    this.addSql(`create index "bookings_coach_starts_idx" on "bookings" ("coach_id", "tenant_id", "starts_at" desc, "created_at" desc, "id") where deleted_at is null;`);
    this.addSql(`create index "bookings_workshop_starts_idx" on "bookings" ("workshop_id", "starts_at" desc, "id") where deleted_at is null;`);
    this.addSql(`create index "bookings_coach_created_idx" on "bookings" ("coach_id", "tenant_id", "created_at" desc) where deleted_at is null;`);
    this.addSql(`create index "bookings_coach_earned_idx" on "bookings" ("coach_id", "tenant_id", (coalesce(confirmed_at, created_at))) include ("amount_paid", "seats") where deleted_at is null and status in ('CONFIRMED', 'COMPLETED', 'NO_SHOW');`);

    // A booking takes its schedule's start, coach and workshop when made or moved.
    this.addSql(`create or replace function bookings_schedule_copy() returns trigger language plpgsql as $$
begin
  if new.workshop_schedule_id is not null then
    select s.start_date, s.coach_id, s.workshop_id into new.starts_at, new.coach_id, new.workshop_id
      from workshop_schedules s where s.id = new.workshop_schedule_id;
  end if;
  return new;
end $$;`);
    // A schedule whose start, coach or workshop changes passes it on to its bookings (and so to booking_people).
    this.addSql(`create or replace function schedules_copy_to_bookings() returns trigger language plpgsql as $$
begin
  update bookings set starts_at = new.start_date, coach_id = new.coach_id, workshop_id = new.workshop_id
   where workshop_schedule_id = new.id
     and (starts_at, coach_id, workshop_id) is distinct from (new.start_date, new.coach_id, new.workshop_id);
  return null;
end $$;`);
    // booking_people from a booking: its booker's row made, followed or removed; every row of the
    // booking follows its status, start, workshop and team; a soft delete removes them, a restore
    // puts them back.
    this.addSql(`create or replace function booking_people_from_bookings() returns trigger language plpgsql as $$
begin
  if new.deleted_at is not null then
    if tg_op = 'UPDATE' and old.deleted_at is null then
      delete from booking_people where booking_id = new.id;
    end if;
    return null;
  end if;
  if tg_op = 'INSERT' or old.deleted_at is not null then
    insert into booking_people (user_id, booking_id, tenant_id, workshop_id, starts_at, status, booker, seats, booked_at)
    select new.user_id, new.id, new.tenant_id, new.workshop_id, new.starts_at, new.status, true, new.seats, new.created_at
    union
    select x.user_id, new.id, new.tenant_id, new.workshop_id, new.starts_at, new.status, false, 1, new.created_at
      from booking_seats x where x.booking_id = new.id and x.deleted_at is null and x.status = 'ACCEPTED' and x.user_id is not null and x.user_id <> new.user_id
    on conflict (user_id, booking_id) do update set booker = excluded.booker, seats = excluded.seats, tenant_id = excluded.tenant_id, workshop_id = excluded.workshop_id,
      starts_at = excluded.starts_at, status = excluded.status, booked_at = excluded.booked_at;
    return null;
  end if;
  if new.user_id is distinct from old.user_id then
    delete from booking_people p where p.booking_id = new.id and p.user_id = old.user_id
       and not exists (select 1 from booking_seats x where x.booking_id = new.id and x.user_id = old.user_id and x.status = 'ACCEPTED' and x.deleted_at is null);
    update booking_people set booker = false, seats = 1 where booking_id = new.id and user_id = old.user_id;
    insert into booking_people (user_id, booking_id, tenant_id, workshop_id, starts_at, status, booker, seats, booked_at)
    values (new.user_id, new.id, new.tenant_id, new.workshop_id, new.starts_at, new.status, true, new.seats, new.created_at)
    on conflict (user_id, booking_id) do update set booker = true, seats = excluded.seats;
  end if;
  update booking_people set tenant_id = new.tenant_id, workshop_id = new.workshop_id, starts_at = new.starts_at, status = new.status, booked_at = new.created_at,
         seats = case when booker then new.seats else 1 end
   where booking_id = new.id
     and (tenant_id, workshop_id, starts_at, status, booked_at, seats) is distinct from (new.tenant_id, new.workshop_id, new.starts_at, new.status, new.created_at, case when booker then new.seats else 1 end);
  return null;
end $$;`);
    // booking_people from a seat: an accepted seat's holder joins the booking's people; one who
    // no longer holds an accepted seat there (declined, removed, handed on) leaves them, unless
    // they made the booking.
    this.addSql(`create or replace function booking_people_from_seats() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.user_id is not null and old.status = 'ACCEPTED' and old.deleted_at is null
     and (tg_op = 'DELETE' or new.user_id is distinct from old.user_id or new.status <> 'ACCEPTED' or new.deleted_at is not null or new.booking_id <> old.booking_id) then
    delete from booking_people p where p.booking_id = old.booking_id and p.user_id = old.user_id and not p.booker
       and not exists (select 1 from booking_seats x where x.booking_id = old.booking_id and x.user_id = old.user_id and x.id <> old.id and x.status = 'ACCEPTED' and x.deleted_at is null);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.user_id is not null and new.status = 'ACCEPTED' and new.deleted_at is null then
    insert into booking_people (user_id, booking_id, tenant_id, workshop_id, starts_at, status, booker, seats, booked_at)
    select new.user_id, b.id, b.tenant_id, b.workshop_id, b.starts_at, b.status, false, 1, b.created_at
      from bookings b where b.id = new.booking_id and b.deleted_at is null
    on conflict (user_id, booking_id) do nothing;
  end if;
  return null;
end $$;`);

    // client_workshops from booking_people: counts moved by deltas (safe when two bookings of one
    // workshop are made at once), the last start kept as the greatest, found again when it leaves.
    this.addSql(`create or replace function client_workshops_from_people() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.workshop_id is not null then
    update client_workshops set bookings = bookings - 1, seats = seats - case when old.status <> 'CANCELLED' then old.seats else 0 end
     where user_id = old.user_id and workshop_id = old.workshop_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.workshop_id is not null then
    insert into client_workshops as c (user_id, workshop_id, bookings, seats, last_start)
    values (new.user_id, new.workshop_id, 1, case when new.status <> 'CANCELLED' then new.seats else 0 end, new.starts_at)
    on conflict (user_id, workshop_id) do update set bookings = c.bookings + 1, seats = c.seats + excluded.seats,
      last_start = greatest(c.last_start, excluded.last_start);
  end if;
  if tg_op in ('UPDATE', 'DELETE') and old.workshop_id is not null then
    delete from client_workshops where user_id = old.user_id and workshop_id = old.workshop_id and bookings <= 0;
    update client_workshops c set last_start = (select max(starts_at) from booking_people p where p.user_id = old.user_id and p.workshop_id = old.workshop_id)
     where c.user_id = old.user_id and c.workshop_id = old.workshop_id and c.last_start is not distinct from old.starts_at
       and (tg_op = 'DELETE' or new.starts_at is distinct from old.starts_at or new.workshop_id is distinct from old.workshop_id);
  end if;
  return null;
end $$;`);
    this.addSql(`create trigger booking_people_client_workshops after insert or update or delete on booking_people
  for each row execute function client_workshops_from_people();`);
    // feedback_totals from feedbacks: a rating counted for its coach (in its team), its workshop and
    // its schedule, in that order (one lock order for every writer), by deltas.
    this.addSql(`create or replace function feedback_totals_from_feedbacks() returns trigger language plpgsql as $$
declare
  f feedbacks;
  delta int;
  k text;
  target uuid;
begin
  for i in 1..2 loop
    if i = 1 then
      continue when not (tg_op in ('UPDATE', 'DELETE') and old.deleted_at is null);
      f := old;
      delta := -1;
    else
      continue when not (tg_op in ('INSERT', 'UPDATE') and new.deleted_at is null);
      f := new;
      delta := 1;
    end if;
    foreach k in array array['c', 'w', 's'] loop
      target := case k when 'c' then f.coach_id when 's' then f.workshop_schedule_id
                       else (select workshop_id from workshop_schedules where id = f.workshop_schedule_id) end;
      continue when target is null;
      insert into feedback_totals as t (kind, id, tenant_id, n1, n2, n3, n4, n5)
      values (k, target, f.tenant_id, case when f.rating = 1 then delta else 0 end, case when f.rating = 2 then delta else 0 end,
              case when f.rating = 3 then delta else 0 end, case when f.rating = 4 then delta else 0 end, case when f.rating = 5 then delta else 0 end)
      on conflict (kind, id, tenant_id) do update set n1 = t.n1 + excluded.n1, n2 = t.n2 + excluded.n2, n3 = t.n3 + excluded.n3,
        n4 = t.n4 + excluded.n4, n5 = t.n5 + excluded.n5;
    end loop;
  end loop;
  return null;
end $$;`);
    this.addSql(`create trigger feedbacks_totals after insert or update of rating, deleted_at, workshop_schedule_id, coach_id, tenant_id or delete on feedbacks
  for each row execute function feedback_totals_from_feedbacks();`);
    this.addSql(`create trigger workshop_schedules_copy_to_bookings after update of start_date, coach_id, workshop_id on workshop_schedules
  for each row when (old.start_date is distinct from new.start_date or old.coach_id is distinct from new.coach_id or old.workshop_id is distinct from new.workshop_id)
  execute function schedules_copy_to_bookings();`);
    this.addSql(`create trigger bookings_schedule_copy before insert or update of workshop_schedule_id on bookings
  for each row execute function bookings_schedule_copy();`);
    this.addSql(`create trigger bookings_people after insert or update of status, workshop_schedule_id, starts_at, workshop_id, user_id, tenant_id, deleted_at, created_at, seats on bookings
  for each row execute function booking_people_from_bookings();`);
    this.addSql(`create trigger booking_seats_people after insert or update of status, user_id, deleted_at, booking_id or delete on booking_seats
  for each row execute function booking_people_from_seats();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "booking_seats_people" on "booking_seats";`);
    this.addSql(`drop trigger if exists "bookings_people" on "bookings";`);
    this.addSql(`drop trigger if exists "bookings_schedule_copy" on "bookings";`);
    this.addSql(`drop trigger if exists "workshop_schedules_copy_to_bookings" on "workshop_schedules";`);
    this.addSql(`drop function if exists booking_people_from_seats();`);
    this.addSql(`drop function if exists booking_people_from_bookings();`);
    this.addSql(`drop function if exists schedules_copy_to_bookings();`);
    this.addSql(`drop function if exists bookings_schedule_copy();`);
    this.addSql(`drop trigger if exists "feedbacks_totals" on "feedbacks";`);
    this.addSql(`drop function if exists feedback_totals_from_feedbacks();`);
    this.addSql(`drop table if exists "feedback_totals" cascade;`);
    this.addSql(`drop index "feedbacks_coach_latest_idx";`);
    this.addSql(`drop index "workshop_schedules_coach_idx";`);
    this.addSql(`drop index "workshop_schedules_workshop_start_idx";`);
    this.addSql(`drop table if exists "client_workshops" cascade;`);
    this.addSql(`drop function if exists client_workshops_from_people();`);
    this.addSql(`drop table if exists "booking_people" cascade;`);
    this.addSql(`drop index "payments_user_created_idx";`);
    this.addSql(`drop index "payments_user_documents_idx";`);
    this.addSql(`drop index "bookings_user_paid_idx";`);
    this.addSql(`drop index "booking_seats_invited_user_idx";`);
    this.addSql(`drop index "booking_seats_invited_email_idx";`);
    this.addSql(`drop index "bookings_user_created_idx";`);
    this.addSql(`drop index "bookings_coach_starts_idx";`);
    this.addSql(`drop index "bookings_coach_created_idx";`);
    this.addSql(`drop index "bookings_workshop_starts_idx";`);
    this.addSql(`drop index "bookings_coach_earned_idx";`);
    this.addSql(`alter table "bookings" drop column "starts_at", drop column "coach_id", drop column "workshop_id";`);
  }

}
