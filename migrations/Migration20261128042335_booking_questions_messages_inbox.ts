import { Migration } from '@mikro-orm/migrations';

/**
 * Its tables' page-change triggers come in migration messages_page_changes (after page_changes):
 * this one no longer creates the pages' generation triggers, whose function page_changes drops.
 */
export class Migration20261128042335_booking_questions_messages_inbox extends Migration {

  override name = 'Migration20261128042335_booking_questions_messages_inbox';

  override up(): void | Promise<void> {
    this.addSql(`create table "inbox_items" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "user_id" uuid not null, "kind" varchar(32) not null, "title" varchar(255) not null, "body" varchar(500) null, "url" varchar(500) not null, "count" int not null default 1, "read_at" timestamptz null, "group_key" varchar(200) null, "event_key" varchar(200) null, primary key ("id"));`);
    this.addSql(`create index "inbox_items_user_created_idx" on "inbox_items" ("user_id", "created_at", "id");`);
    this.addSql(`create index "inbox_items_unread_idx" on "inbox_items" ("user_id") where read_at is null;`);
    this.addSql(`create unique index "inbox_items_open_group_unique" on "inbox_items" ("user_id", "group_key") where read_at is null and group_key is not null;`);
    this.addSql(`create unique index "inbox_items_event_unique" on "inbox_items" ("user_id", "event_key") where event_key is not null;`);

    this.addSql(`create table "schedule_messages" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "tenant_id" uuid not null, "schedule_id" uuid not null, "author_id" uuid not null, "subject" varchar(200) not null, "body" text not null, "recipients" int not null default 0, primary key ("id"));`);
    this.addSql(`create index "schedule_messages_tenant_id_index" on "schedule_messages" ("tenant_id");`);
    this.addSql(`create index "schedule_messages_author_id_index" on "schedule_messages" ("author_id");`);
    this.addSql(`create index "schedule_messages_schedule_created_idx" on "schedule_messages" ("schedule_id", "created_at");`);

    this.addSql(`create table "schedule_message_deliveries" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "message_id" uuid not null, "booking_id" uuid not null, "user_id" uuid not null, "status" varchar(16) not null default 'pending', "attempts" int not null default 0, "sent_at" timestamptz null, "note" varchar(500) null, primary key ("id"));`);
    this.addSql(`create index "schedule_message_deliveries_user_id_index" on "schedule_message_deliveries" ("user_id");`);
    this.addSql(`create index "schedule_message_deliveries_booking_user_idx" on "schedule_message_deliveries" ("booking_id", "user_id");`);
    this.addSql(`create index "schedule_message_deliveries_open_idx" on "schedule_message_deliveries" ("message_id") where status in ('pending', 'sending');`);
    this.addSql(`alter table "schedule_message_deliveries" add constraint "schedule_message_deliveries_message_user_unique" unique ("message_id", "user_id");`);

    this.addSql(`create table "conversation_readers" ("booking_id" uuid not null, "user_id" uuid not null, "last_read_at" timestamptz null, "mailed_at" timestamptz null, "mailed_through" timestamptz null, "mail_due_at" timestamptz null, primary key ("booking_id", "user_id"));`);
    this.addSql(`create index "conversation_readers_user_id_index" on "conversation_readers" ("user_id");`);
    this.addSql(`create index "conversation_readers_due_idx" on "conversation_readers" ("mail_due_at") where mail_due_at is not null;`);

    this.addSql(`create table "booking_messages" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "tenant_id" uuid not null, "booking_id" uuid not null, "author_id" uuid not null, "body" text not null, primary key ("id"));`);
    this.addSql(`create index "booking_messages_tenant_id_index" on "booking_messages" ("tenant_id");`);
    this.addSql(`create index "booking_messages_author_id_index" on "booking_messages" ("author_id");`);
    this.addSql(`create index "booking_messages_booking_created_idx" on "booking_messages" ("booking_id", "created_at", "id");`);

    this.addSql(`alter table "workshops" add "questions" jsonb not null default '[]';`);

    this.addSql(`alter table "bookings" add "answers" jsonb null;`);

    this.addSql(`alter table "booking_seats" add "answers" jsonb null;`);

    this.addSql(`alter table "inbox_items" add constraint "inbox_items_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "schedule_messages" add constraint "schedule_messages_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on delete cascade;`);
    this.addSql(`alter table "schedule_messages" add constraint "schedule_messages_schedule_id_foreign" foreign key ("schedule_id") references "workshop_schedules" ("id") on delete cascade;`);
    this.addSql(`alter table "schedule_messages" add constraint "schedule_messages_author_id_foreign" foreign key ("author_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "schedule_message_deliveries" add constraint "schedule_message_deliveries_message_id_foreign" foreign key ("message_id") references "schedule_messages" ("id") on delete cascade;`);
    this.addSql(`alter table "schedule_message_deliveries" add constraint "schedule_message_deliveries_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on delete cascade;`);
    this.addSql(`alter table "schedule_message_deliveries" add constraint "schedule_message_deliveries_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "conversation_readers" add constraint "conversation_readers_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "conversation_readers" add constraint "conversation_readers_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "booking_messages" add constraint "booking_messages_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on delete cascade;`);
    this.addSql(`alter table "booking_messages" add constraint "booking_messages_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on delete cascade;`);
    this.addSql(`alter table "booking_messages" add constraint "booking_messages_author_id_foreign" foreign key ("author_id") references "users" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "schedule_message_deliveries" drop constraint "schedule_message_deliveries_message_id_foreign";`);

    this.addSql(`drop trigger if exists "inbox_items_page_generation" on "inbox_items";`);
    this.addSql(`drop function if exists "inbox_items_inbox_items_page_generation_fn"();`);
    this.addSql(`drop table if exists "inbox_items" cascade;`);
    this.addSql(`drop trigger if exists "schedule_messages_page_generation" on "schedule_messages";`);
    this.addSql(`drop function if exists "schedule_messages_schedule_messages_page_generation_fn"();`);
    this.addSql(`drop table if exists "schedule_messages" cascade;`);
    this.addSql(`drop trigger if exists "schedule_message_deliveries_page_generation" on "schedule_message_deliveries";`);
    this.addSql(`drop function if exists "schedule_message_deliveries_schedule_message_deliveries_page_generation_fn"();`);
    this.addSql(`drop table if exists "schedule_message_deliveries" cascade;`);
    this.addSql(`drop trigger if exists "conversation_readers_page_generation" on "conversation_readers";`);
    this.addSql(`drop function if exists "conversation_readers_conversation_readers_page_generation_fn"();`);
    this.addSql(`drop table if exists "conversation_readers" cascade;`);
    this.addSql(`drop trigger if exists "booking_messages_page_generation" on "booking_messages";`);
    this.addSql(`drop function if exists "booking_messages_booking_messages_page_generation_fn"();`);
    this.addSql(`drop table if exists "booking_messages" cascade;`);

    this.addSql(`alter table "booking_seats" drop column "answers";`);

    this.addSql(`alter table "bookings" drop column "answers";`);

    this.addSql(`alter table "workshops" drop column "questions";`);
  }

}
