import { Migration } from '@mikro-orm/migrations';

export class Migration20261125161355_waitlist_reschedule extends Migration {

  override name = 'Migration20261125161355_waitlist_reschedule';

  override up(): void | Promise<void> {
    this.addSql(`create table "waitlist_entries" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "tenant_id" uuid not null, "workshop_schedule_id" uuid not null, "user_id" uuid not null, "seats" int not null, "position" int not null, "status" varchar(16) not null default 'WAITING', "offered_at" timestamptz null, "offer_expires_at" timestamptz null, "booking_id" uuid null, "closed_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "waitlist_entries_tenant_id_index" on "waitlist_entries" ("tenant_id");`);
    this.addSql(`create index "waitlist_entries_user_id_index" on "waitlist_entries" ("user_id");`);
    this.addSql(`create index "waitlist_entries_queue_idx" on "waitlist_entries" ("workshop_schedule_id", "status", "position");`);
    this.addSql(`create index "waitlist_entries_offer_idx" on "waitlist_entries" ("status", "offer_expires_at");`);
    this.addSql(`create unique index "waitlist_entries_open_unique" on "waitlist_entries" ("workshop_schedule_id", "user_id") where status in ('WAITING', 'OFFERED');`);

    this.addSql(`create table "booking_reschedules" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "tenant_id" uuid not null, "booking_id" uuid not null, "from_schedule_id" uuid not null, "to_schedule_id" uuid not null, "seats" int not null, "amount_total" int not null, "discount" int not null, "amount_due" int not null, "difference" int not null, "currency" varchar(3) not null, "status" varchar(16) not null default 'PENDING', "hold_expires_at" timestamptz null, "payment_intent_id" varchar(255) null, "completed_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "booking_reschedules_tenant_id_index" on "booking_reschedules" ("tenant_id");`);
    this.addSql(`create index "booking_reschedules_booking_id_index" on "booking_reschedules" ("booking_id");`);
    this.addSql(`create index "booking_reschedules_hold_idx" on "booking_reschedules" ("status", "hold_expires_at");`);
    this.addSql(`create unique index "booking_reschedules_pending_unique" on "booking_reschedules" ("booking_id") where status = 'PENDING';`);

    this.addSql(`alter table "waitlist_entries" add constraint "waitlist_entries_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on delete cascade;`);
    this.addSql(`alter table "waitlist_entries" add constraint "waitlist_entries_workshop_schedule_id_foreign" foreign key ("workshop_schedule_id") references "workshop_schedules" ("id") on delete cascade;`);
    this.addSql(`alter table "waitlist_entries" add constraint "waitlist_entries_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "waitlist_entries" add constraint "waitlist_entries_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on delete set null;`);

    this.addSql(`alter table "booking_reschedules" add constraint "booking_reschedules_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on delete cascade;`);
    this.addSql(`alter table "booking_reschedules" add constraint "booking_reschedules_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on delete cascade;`);
    this.addSql(`alter table "booking_reschedules" add constraint "booking_reschedules_from_schedule_id_foreign" foreign key ("from_schedule_id") references "workshop_schedules" ("id") on delete cascade;`);
    this.addSql(`alter table "booking_reschedules" add constraint "booking_reschedules_to_schedule_id_foreign" foreign key ("to_schedule_id") references "workshop_schedules" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "waitlist_entries" cascade;`);
    this.addSql(`drop table if exists "booking_reschedules" cascade;`);
  }

}
