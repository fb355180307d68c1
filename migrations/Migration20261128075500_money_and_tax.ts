import { Migration } from '@mikro-orm/migrations';

export class Migration20261128075500_money_and_tax extends Migration {

  override name = 'Migration20261128075500_money_and_tax';

  override up(): void | Promise<void> {
    this.addSql(`create table "tax_profiles" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "tenant_id" uuid not null, "legal_name" varchar(255) null, "address" varchar(1000) null, "country" varchar(2) not null, "region" varchar(8) null, "tax_id" varchar(64) null, "registered" boolean not null default false, "prices_include_tax" boolean not null default false, "rates" jsonb not null, primary key ("id"));`);
    this.addSql(`alter table "tax_profiles" add constraint "tax_profiles_tenant_unique" unique ("tenant_id");`);

    this.addSql(`alter table "workshops" add "price_note" varchar(32) null;`);

    this.addSql(`alter table "bookings" add "billing" jsonb null, add "tax" jsonb null;`);

    this.addSql(`alter table "invoices" drop constraint "invoices_booking_kind_unique";`);
    this.addSql(`alter table "invoices" add "refund_id" uuid null, add "net" int not null default 0, add "tax" int not null default 0, add "tax_rate" numeric(6,3) not null default 0, add "tax_kind" varchar(16) not null default 'none', add "tax_country" varchar(2) null;`);
    this.addSql(`alter table "invoices" add constraint "invoices_refund_id_foreign" foreign key ("refund_id") references "payments" ("id") on delete set null;`);
    this.addSql(`create index "invoices_tenant_issued_idx" on "invoices" ("tenant_id", "issued_at");`);
    this.addSql(`create unique index "invoices_booking_invoice_unique" on "invoices" ("booking_id") where kind = 'invoice';`);
    this.addSql(`create unique index "invoices_refund_unique" on "invoices" ("refund_id") where refund_id is not null;`);
    // Documents issued before taxes were kept carried none: their net is their total. A credit
    // note of that time covers the booking's refunds made before it was issued (refund_id null).
    this.addSql(`update "invoices" set "net" = "total" where "tax" = 0;`);

    this.addSql(`alter table "tax_profiles" add constraint "tax_profiles_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on delete cascade;`);
    this.addSql(`create trigger tax_profiles_page_changes_i after insert on tax_profiles referencing new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''l''');`);
    this.addSql(`create trigger tax_profiles_page_changes_u after update on tax_profiles referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''l''');`);
    this.addSql(`create trigger tax_profiles_page_changes_d after delete on tax_profiles referencing old table as old_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''l''');`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "tax_profiles_page_changes_i" on "tax_profiles";`);
    this.addSql(`drop trigger if exists "tax_profiles_page_changes_u" on "tax_profiles";`);
    this.addSql(`drop trigger if exists "tax_profiles_page_changes_d" on "tax_profiles";`);
    this.addSql(`drop table if exists "tax_profiles" cascade;`);

    this.addSql(`alter table "invoices" drop constraint "invoices_refund_id_foreign";`);

    this.addSql(`alter table "bookings" drop column "billing", drop column "tax";`);

    this.addSql(`drop index "invoices_tenant_issued_idx";`);
    this.addSql(`drop index "invoices_booking_invoice_unique";`);
    this.addSql(`drop index "invoices_refund_unique";`);
    this.addSql(`alter table "invoices" drop column "refund_id", drop column "net", drop column "tax", drop column "tax_rate", drop column "tax_kind", drop column "tax_country";`);
    this.addSql(`alter table "invoices" add constraint "invoices_booking_kind_unique" unique ("booking_id", "kind");`);

    this.addSql(`alter table "workshops" drop column "price_note";`);
  }

}
