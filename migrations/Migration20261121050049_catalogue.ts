import { Migration } from '@mikro-orm/migrations';

export class Migration20261121050049_catalogue extends Migration {

  override name = 'Migration20261121050049_catalogue';

  override up(): void | Promise<void> {
    this.addSql(`create table "tags" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "name" varchar(100) not null, "slug" varchar(100) not null, primary key ("id"));`);
    this.addSql(`alter table "tags" add constraint "tags_slug_unique" unique ("slug");`);

    this.addSql(`create table "workshop_templates" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "title" varchar(255) not null, "slug" varchar(255) not null, "description" text null, "image" varchar(255) null, "video" varchar(255) null, "level" varchar(16) null, "price" int not null default 0, "currency" varchar(3) not null default 'usd', primary key ("id"));`);
    this.addSql(`create index "workshop_templates_deleted_at_index" on "workshop_templates" ("deleted_at");`);
    this.addSql(`create unique index "workshop_templates_slug_unique" on "workshop_templates" ("slug") where deleted_at is null;`);

    this.addSql(`create table "workshops" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "tenant_id" uuid not null, "coach_id" uuid not null, "workshop_template_id" uuid null, "title" varchar(255) not null, "slug" varchar(255) not null, "description" text null, "image" varchar(255) null, "video" varchar(255) null, "price" int not null default 0, "currency" varchar(3) not null default 'usd', "min_seats" int not null default 1, "max_seats" int not null default 10, primary key ("id"));`);
    this.addSql(`create index "workshops_deleted_at_index" on "workshops" ("deleted_at");`);
    this.addSql(`create index "workshops_tenant_id_index" on "workshops" ("tenant_id");`);
    this.addSql(`create index "workshops_coach_id_index" on "workshops" ("coach_id");`);
    this.addSql(`create unique index "workshops_tenant_slug_unique" on "workshops" ("tenant_id", "slug") where deleted_at is null;`);

    this.addSql(`create table "workshop_schedules" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "tenant_id" uuid not null, "coach_id" uuid not null, "workshop_id" uuid not null, "start_date" timestamptz not null, "end_date" timestamptz not null, "timezone" varchar(64) not null default 'UTC', "country" varchar(2) null, "level" varchar(16) not null, "status" varchar(16) not null default 'DRAFT', "visibility" varchar(16) not null default 'PUBLIC', "mode" varchar(16) not null, "venue_name" varchar(255) null, "address_line1" varchar(255) null, "address_line2" varchar(255) null, "city" varchar(255) null, "state" varchar(255) null, "zip" varchar(32) null, "meeting_url" varchar(500) null, "seats_taken" int not null default 0, "payout_status" varchar(16) not null default 'pending', "paid_out_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "workshop_schedules_deleted_at_index" on "workshop_schedules" ("deleted_at");`);
    this.addSql(`create index "workshop_schedules_coach_id_index" on "workshop_schedules" ("coach_id");`);
    this.addSql(`create index "workshop_schedules_workshop_id_index" on "workshop_schedules" ("workshop_id");`);
    this.addSql(`create index "workshop_schedules_public_idx" on "workshop_schedules" ("visibility", "status", "start_date");`);
    this.addSql(`create index "workshop_schedules_tenant_id_start_date_index" on "workshop_schedules" ("tenant_id", "start_date");`);

    this.addSql(`create table "feedbacks" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "tenant_id" uuid not null, "workshop_schedule_id" uuid not null, "coach_id" uuid not null, "user_id" uuid not null, "booking_seat_id" uuid not null, "rating" int not null, "comment" varchar(2000) null, primary key ("id"));`);
    this.addSql(`create index "feedbacks_deleted_at_index" on "feedbacks" ("deleted_at");`);
    this.addSql(`create index "feedbacks_workshop_schedule_id_index" on "feedbacks" ("workshop_schedule_id");`);
    this.addSql(`create index "feedbacks_coach_id_index" on "feedbacks" ("coach_id");`);
    this.addSql(`create index "feedbacks_user_id_index" on "feedbacks" ("user_id");`);
    this.addSql(`create unique index "feedbacks_seat_unique" on "feedbacks" ("booking_seat_id") where deleted_at is null;`);

    this.addSql(`create table "workshop_resources" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "tenant_id" uuid not null, "workshop_id" uuid not null, "title" varchar(255) not null, "description" varchar(1000) null, "type" varchar(16) not null, "url" varchar(500) null, "file_path" varchar(255) null, "file_size" int null, "file_type" varchar(100) null, "sort_order" int not null default 0, "is_visible" boolean not null default true, "is_broadcast" boolean not null default false, "broadcast_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "workshop_resources_deleted_at_index" on "workshop_resources" ("deleted_at");`);
    this.addSql(`create index "workshop_resources_workshop_id_index" on "workshop_resources" ("workshop_id");`);

    this.addSql(`create table "workshop_tags" ("workshop_id" uuid not null, "tag_id" uuid not null, primary key ("workshop_id", "tag_id"));`);

    this.addSql(`alter table "workshops" add constraint "workshops_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on delete cascade;`);
    this.addSql(`alter table "workshops" add constraint "workshops_coach_id_foreign" foreign key ("coach_id") references "users" ("id");`);
    this.addSql(`alter table "workshops" add constraint "workshops_workshop_template_id_foreign" foreign key ("workshop_template_id") references "workshop_templates" ("id") on delete set null;`);

    this.addSql(`alter table "workshop_schedules" add constraint "workshop_schedules_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on delete cascade;`);
    this.addSql(`alter table "workshop_schedules" add constraint "workshop_schedules_coach_id_foreign" foreign key ("coach_id") references "users" ("id");`);
    this.addSql(`alter table "workshop_schedules" add constraint "workshop_schedules_workshop_id_foreign" foreign key ("workshop_id") references "workshops" ("id") on delete cascade;`);

    this.addSql(`alter table "feedbacks" add constraint "feedbacks_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on delete cascade;`);
    this.addSql(`alter table "feedbacks" add constraint "feedbacks_workshop_schedule_id_foreign" foreign key ("workshop_schedule_id") references "workshop_schedules" ("id") on delete cascade;`);
    this.addSql(`alter table "feedbacks" add constraint "feedbacks_coach_id_foreign" foreign key ("coach_id") references "users" ("id");`);
    this.addSql(`alter table "feedbacks" add constraint "feedbacks_user_id_foreign" foreign key ("user_id") references "users" ("id");`);

    this.addSql(`alter table "workshop_resources" add constraint "workshop_resources_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on delete cascade;`);
    this.addSql(`alter table "workshop_resources" add constraint "workshop_resources_workshop_id_foreign" foreign key ("workshop_id") references "workshops" ("id") on delete cascade;`);

    this.addSql(`alter table "workshop_tags" add constraint "workshop_tags_workshop_id_foreign" foreign key ("workshop_id") references "workshops" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "workshop_tags" add constraint "workshop_tags_tag_id_foreign" foreign key ("tag_id") references "tags" ("id") on update cascade on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "workshop_tags" drop constraint "workshop_tags_tag_id_foreign";`);
    this.addSql(`alter table "workshops" drop constraint "workshops_workshop_template_id_foreign";`);
    this.addSql(`alter table "workshop_schedules" drop constraint "workshop_schedules_workshop_id_foreign";`);
    this.addSql(`alter table "workshop_resources" drop constraint "workshop_resources_workshop_id_foreign";`);
    this.addSql(`alter table "workshop_tags" drop constraint "workshop_tags_workshop_id_foreign";`);
    this.addSql(`alter table "feedbacks" drop constraint "feedbacks_workshop_schedule_id_foreign";`);

    this.addSql(`drop table if exists "tags" cascade;`);
    this.addSql(`drop table if exists "workshop_templates" cascade;`);
    this.addSql(`drop table if exists "workshops" cascade;`);
    this.addSql(`drop table if exists "workshop_schedules" cascade;`);
    this.addSql(`drop table if exists "feedbacks" cascade;`);
    this.addSql(`drop table if exists "workshop_resources" cascade;`);
    this.addSql(`drop table if exists "workshop_tags" cascade;`);
  }

}
