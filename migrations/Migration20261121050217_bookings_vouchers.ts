import { Migration } from '@mikro-orm/migrations';

export class Migration20261121050217_bookings_vouchers extends Migration {

  override name = 'Migration20261121050217_bookings_vouchers';

  override up(): void | Promise<void> {
    this.addSql(`create table "vouchers" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "tenant_id" uuid not null, "code" varchar(32) not null, "model_type" varchar(32) null, "model_id" uuid null, "expires_at" timestamptz null, "data" jsonb not null, "max_uses" int null, "uses" int not null default 0, primary key ("id"));`);
    this.addSql(`alter table "vouchers" add constraint "vouchers_tenant_code_unique" unique ("tenant_id", "code");`);

    this.addSql(`create table "bookings" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "tenant_id" uuid not null, "user_id" uuid not null, "workshop_schedule_id" uuid not null, "seats" int not null, "voucher_code" varchar(32) null, "voucher_id" uuid null, "status" varchar(16) not null default 'PENDING', "amount_total" int not null default 0, "discount" int not null default 0, "amount_due" int not null default 0, "amount_paid" int not null default 0, "currency" varchar(3) not null default 'usd', "payment_method" varchar(64) null, "payment_transaction_id" varchar(255) null, "notes" text null, "coach_notes" text null, "cancellation_reason" varchar(1000) null, "meta" jsonb not null, "address" jsonb null, "hold_expires_at" timestamptz null, "confirmed_at" timestamptz null, "cancelled_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "bookings_deleted_at_index" on "bookings" ("deleted_at");`);
    this.addSql(`create index "bookings_user_id_index" on "bookings" ("user_id");`);
    this.addSql(`create index "bookings_workshop_schedule_id_index" on "bookings" ("workshop_schedule_id");`);
    this.addSql(`create index "bookings_hold_idx" on "bookings" ("status", "hold_expires_at");`);
    this.addSql(`create index "bookings_tenant_id_created_at_index" on "bookings" ("tenant_id", "created_at");`);

    this.addSql(`create table "booking_seats" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "tenant_id" uuid not null, "booking_id" uuid not null, "user_id" uuid null, "email" varchar(255) null, "inviter_id" uuid null, "status" varchar(16) not null default 'PENDING', "attended" boolean not null default false, "attendance_notes" varchar(1000) null, "meta" jsonb not null, "invitation_token_hash" varchar(64) null, "invitation_sent_at" timestamptz null, "invitation_expires_at" timestamptz null, "responded_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "booking_seats_deleted_at_index" on "booking_seats" ("deleted_at");`);
    this.addSql(`create index "booking_seats_tenant_id_index" on "booking_seats" ("tenant_id");`);
    this.addSql(`create index "booking_seats_booking_id_index" on "booking_seats" ("booking_id");`);
    this.addSql(`create index "booking_seats_user_id_index" on "booking_seats" ("user_id");`);
    this.addSql(`alter table "booking_seats" add constraint "booking_seats_token_unique" unique ("invitation_token_hash");`);

    this.addSql(`alter table "vouchers" add constraint "vouchers_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on delete cascade;`);

    this.addSql(`alter table "bookings" add constraint "bookings_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on delete cascade;`);
    this.addSql(`alter table "bookings" add constraint "bookings_user_id_foreign" foreign key ("user_id") references "users" ("id");`);
    this.addSql(`alter table "bookings" add constraint "bookings_workshop_schedule_id_foreign" foreign key ("workshop_schedule_id") references "workshop_schedules" ("id");`);

    this.addSql(`alter table "booking_seats" add constraint "booking_seats_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on delete cascade;`);
    this.addSql(`alter table "booking_seats" add constraint "booking_seats_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on delete cascade;`);
    this.addSql(`alter table "booking_seats" add constraint "booking_seats_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "booking_seats" add constraint "booking_seats_inviter_id_foreign" foreign key ("inviter_id") references "users" ("id") on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "booking_seats" drop constraint "booking_seats_booking_id_foreign";`);

    this.addSql(`drop table if exists "vouchers" cascade;`);
    this.addSql(`drop table if exists "bookings" cascade;`);
    this.addSql(`drop table if exists "booking_seats" cascade;`);
  }

}
