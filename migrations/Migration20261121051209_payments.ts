import { Migration } from '@mikro-orm/migrations';

export class Migration20261121051209_payments extends Migration {

  override name = 'Migration20261121051209_payments';

  override up(): void | Promise<void> {
    this.addSql(`create table "webhook_events" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "event_id" varchar(255) not null, "type" varchar(255) not null, "object_id" varchar(255) null, "processed_at" timestamptz null, primary key ("id"));`);
    this.addSql(`alter table "webhook_events" add constraint "webhook_events_event_unique" unique ("event_id");`);

    this.addSql(`create table "payments" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "tenant_id" uuid not null, "booking_id" uuid not null, "user_id" uuid null, "kind" varchar(16) not null default 'payment', "status" varchar(16) not null default 'pending', "amount" int not null, "amount_refunded" int not null default 0, "currency" varchar(3) not null, "provider" varchar(16) not null default 'stripe', "payment_intent_id" varchar(255) null, "charge_id" varchar(255) null, "refund_id" varchar(255) null, "card_brand" varchar(32) null, "card_last4" varchar(4) null, "failure_code" varchar(64) null, "failure_message" varchar(500) null, "reason" varchar(255) null, primary key ("id"));`);
    this.addSql(`create index "payments_tenant_id_index" on "payments" ("tenant_id");`);
    this.addSql(`create index "payments_booking_id_index" on "payments" ("booking_id");`);
    this.addSql(`create index "payments_payment_intent_id_index" on "payments" ("payment_intent_id");`);
    this.addSql(`create unique index "payments_charge_unique" on "payments" ("charge_id") where charge_id is not null;`);
    this.addSql(`create unique index "payments_refund_unique" on "payments" ("refund_id") where refund_id is not null;`);

    this.addSql(`create table "invoices" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "tenant_id" uuid not null, "booking_id" uuid not null, "kind" varchar(16) not null, "number" int not null, "issued_at" timestamptz not null, "currency" varchar(3) not null, "total" int not null, "lines" jsonb not null, primary key ("id"));`);
    this.addSql(`create index "invoices_booking_id_index" on "invoices" ("booking_id");`);
    this.addSql(`alter table "invoices" add constraint "invoices_tenant_number_unique" unique ("tenant_id", "number");`);
    this.addSql(`alter table "invoices" add constraint "invoices_booking_kind_unique" unique ("booking_id", "kind");`);

    this.addSql(`alter table "payments" add constraint "payments_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on delete cascade;`);
    this.addSql(`alter table "payments" add constraint "payments_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on delete cascade;`);
    this.addSql(`alter table "payments" add constraint "payments_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`);

    this.addSql(`alter table "invoices" add constraint "invoices_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on delete cascade;`);
    this.addSql(`alter table "invoices" add constraint "invoices_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "webhook_events" cascade;`);
    this.addSql(`drop table if exists "payments" cascade;`);
    this.addSql(`drop table if exists "invoices" cascade;`);
  }

}
