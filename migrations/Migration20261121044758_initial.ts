import { Migration } from '@mikro-orm/migrations';

export class Migration20261121044758_initial extends Migration {

  override name = 'Migration20261121044758_initial';

  override up(): void | Promise<void> {
    this.addSql(`create table "one_time_codes" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "email" varchar(255) not null, "purpose" varchar(16) not null, "code_hash" varchar(64) not null, "attempts" int not null default 0, "expires_at" timestamptz not null, "used_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "one_time_codes_email_purpose_index" on "one_time_codes" ("email", "purpose");`);

    this.addSql(`create table "permissions" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "name" varchar(255) not null, "description" text null, primary key ("id"));`);
    this.addSql(`alter table "permissions" add constraint "permissions_name_unique" unique ("name");`);

    this.addSql(`create table "rate_limits" ("key" varchar(255) not null, "hits" int not null default 0, "reset_at" timestamptz not null, primary key ("key"));`);

    this.addSql(`create table "roles" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "name" varchar(255) not null, "description" text null, "permissions" text[] not null, primary key ("id"));`);
    this.addSql(`alter table "roles" add constraint "roles_name_unique" unique ("name");`);

    this.addSql(`create table "tenants" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "name" varchar(255) not null, "slug" varchar(255) not null, "email" varchar(255) null, "domain" varchar(255) null, "plan" varchar(16) not null default 'free', "currency" varchar(3) not null default 'usd', "invoice_counter" int not null default 0, primary key ("id"));`);
    this.addSql(`create index "tenants_deleted_at_index" on "tenants" ("deleted_at");`);
    this.addSql(`create unique index "tenants_slug_unique" on "tenants" ("slug") where deleted_at is null;`);

    this.addSql(`create table "users" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, "username" varchar(20) null, "email" varchar(255) not null, "pending_email" varchar(255) null, "status" varchar(16) not null default 'pending', "password" varchar(255) null, "avatar" uuid null, "email_verified_at" timestamptz null, "roles" text[] not null, "default_tenant_slug" varchar(255) null, "profile" jsonb not null, "coach_profile" jsonb null, "oidc_subject" varchar(255) null, "stripe_customer_id" varchar(255) null, primary key ("id"));`);
    this.addSql(`create index "users_deleted_at_index" on "users" ("deleted_at");`);
    this.addSql(`create unique index "users_email_unique" on "users" ("email") where deleted_at is null;`);
    this.addSql(`create unique index "users_username_unique" on "users" ("username") where deleted_at is null;`);

    this.addSql(`create table "files" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "owner_id" uuid null, "kind" varchar(16) not null, "key" varchar(255) not null, "original_name" varchar(255) null, "mime_type" varchar(100) not null, "size" int not null, primary key ("id"));`);

    this.addSql(`create table "sessions" ("id" varchar(64) not null, "created_at" timestamptz not null, "user_id" uuid null, "csrf_token" varchar(64) not null, "data" jsonb not null, "last_seen_at" timestamptz not null, "expires_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);
    this.addSql(`create index "sessions_expires_at_index" on "sessions" ("expires_at");`);

    this.addSql(`create table "memberships" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "tenant_id" uuid not null, "user_id" uuid not null, "status" varchar(16) not null default 'ACTIVE', "roles" text[] not null, primary key ("id"));`);
    this.addSql(`alter table "memberships" add constraint "memberships_tenant_id_user_id_unique" unique ("tenant_id", "user_id");`);

    this.addSql(`create table "personal_access_tokens" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "user_id" uuid not null, "name" varchar(255) not null, "token_hash" varchar(64) not null, "last_used_at" timestamptz null, "expires_at" timestamptz null, primary key ("id"));`);
    this.addSql(`alter table "personal_access_tokens" add constraint "personal_access_tokens_token_hash_unique" unique ("token_hash");`);

    this.addSql(`alter table "files" add constraint "files_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete set null;`);

    this.addSql(`alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "memberships" add constraint "memberships_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on delete cascade;`);
    this.addSql(`alter table "memberships" add constraint "memberships_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "personal_access_tokens" add constraint "personal_access_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "memberships" drop constraint "memberships_tenant_id_foreign";`);
    this.addSql(`alter table "files" drop constraint "files_owner_id_foreign";`);
    this.addSql(`alter table "sessions" drop constraint "sessions_user_id_foreign";`);
    this.addSql(`alter table "memberships" drop constraint "memberships_user_id_foreign";`);
    this.addSql(`alter table "personal_access_tokens" drop constraint "personal_access_tokens_user_id_foreign";`);

    this.addSql(`drop table if exists "one_time_codes" cascade;`);
    this.addSql(`drop table if exists "permissions" cascade;`);
    this.addSql(`drop table if exists "rate_limits" cascade;`);
    this.addSql(`drop table if exists "roles" cascade;`);
    this.addSql(`drop table if exists "tenants" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
    this.addSql(`drop table if exists "files" cascade;`);
    this.addSql(`drop table if exists "sessions" cascade;`);
    this.addSql(`drop table if exists "memberships" cascade;`);
    this.addSql(`drop table if exists "personal_access_tokens" cascade;`);
  }

}
