import { Migration } from '@mikro-orm/migrations';

export class Migration20261125165035_reminders extends Migration {

  override name = 'Migration20261125165035_reminders';

  override up(): void | Promise<void> {
    this.addSql(`create table "mail_opt_outs" ("user_id" uuid not null, "kind" varchar(24) not null, "created_at" timestamptz not null, primary key ("user_id", "kind"));`);

    this.addSql(`create table "sent_notifications" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "seat_id" uuid not null, "booking_id" uuid not null, "user_id" uuid not null, "kind" varchar(24) not null, "starts_at" timestamptz not null, "status" varchar(16) not null default 'sending', "attempts" int not null default 1, "next_attempt_at" timestamptz null, "sent_at" timestamptz null, "note" varchar(500) null, primary key ("id"));`);
    this.addSql(`create index "sent_notifications_booking_id_index" on "sent_notifications" ("booking_id");`);
    this.addSql(`create index "sent_notifications_user_id_index" on "sent_notifications" ("user_id");`);
    this.addSql(`create index "sent_notifications_retry_idx" on "sent_notifications" ("next_attempt_at") where status = 'failed';`);
    this.addSql(`alter table "sent_notifications" add constraint "sent_notifications_seat_kind_start_unique" unique ("seat_id", "kind", "starts_at");`);

    this.addSql(`create index "workshop_schedules_start_due_idx" on "workshop_schedules" ("start_date") where deleted_at is null and status <> 'ARCHIVED';`);
    this.addSql(`create index "workshop_schedules_end_due_idx" on "workshop_schedules" ("end_date") where deleted_at is null and status <> 'ARCHIVED';`);

    this.addSql(`alter table "mail_opt_outs" add constraint "mail_opt_outs_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "sent_notifications" add constraint "sent_notifications_seat_id_foreign" foreign key ("seat_id") references "booking_seats" ("id") on delete cascade;`);
    this.addSql(`alter table "sent_notifications" add constraint "sent_notifications_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on delete cascade;`);
    this.addSql(`alter table "sent_notifications" add constraint "sent_notifications_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "mail_opt_outs" cascade;`);
    this.addSql(`drop table if exists "sent_notifications" cascade;`);

    this.addSql(`drop index "workshop_schedules_start_due_idx";`);
    this.addSql(`drop index "workshop_schedules_end_due_idx";`);
  }

}
