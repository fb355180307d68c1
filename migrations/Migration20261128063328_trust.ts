import { Migration } from '@mikro-orm/migrations';

export class Migration20261128063328_trust extends Migration {

  override name = 'Migration20261128063328_trust';

  override up(): void | Promise<void> {
    this.addSql(`create table "audit_log" ("id" uuid not null, "created_at" timestamptz not null, "tenant_id" uuid null, "actor_id" uuid null, "actor_role" varchar(32) null, "on_behalf_of_id" uuid null, "via" varchar(16) not null, "action" varchar(64) not null, "resource" varchar(48) not null, "resource_id" varchar(64) null, "before" jsonb null, "after" jsonb null, "ip" varchar(64) null, "request_id" varchar(64) null, primary key ("id"));`);
    this.addSql(`create index "audit_log_tenant_created_index" on "audit_log" ("tenant_id", "created_at", "id");`);
    this.addSql(`create index "audit_log_tenant_resource_index" on "audit_log" ("tenant_id", "resource", "created_at");`);
    this.addSql(`create index "audit_log_actor_index" on "audit_log" ("actor_id", "created_at");`);
    this.addSql(`create index "audit_log_created_index" on "audit_log" ("created_at", "id");`);

    this.addSql(`create table "passkeys" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "user_id" uuid not null, "name" varchar(64) not null, "credential_id" varchar(1024) not null, "public_key" text not null, "counter" bigint not null default '0', "transports" jsonb not null default '[]', "device_type" varchar(16) not null, "backed_up" boolean not null default false, "last_used_at" timestamptz null, primary key ("id"));`);
    this.addSql(`alter table "passkeys" add constraint "passkeys_credential_id_unique" unique ("credential_id");`);
    this.addSql(`create index "passkeys_user_id_index" on "passkeys" ("user_id");`);

    this.addSql(`create table "known_devices" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "user_id" uuid not null, "device_hash" varchar(64) not null, "user_agent" varchar(512) null, "last_seen_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "known_devices" add constraint "known_devices_user_device_unique" unique ("user_id", "device_hash");`);

    this.addSql(`create table "data_exports" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "user_id" uuid not null, "status" varchar(16) not null default 'pending', "file_key" varchar(255) null, "size" int null, "finished_at" timestamptz null, "expires_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "data_exports_expires_at_index" on "data_exports" ("expires_at");`);
    this.addSql(`create index "data_exports_user_created_index" on "data_exports" ("user_id", "created_at");`);

    this.addSql(`create table "webauthn_challenges" ("id" uuid not null, "created_at" timestamptz not null, "challenge" varchar(128) not null, "purpose" varchar(16) not null, "user_id" uuid null, "expires_at" timestamptz not null, "used_at" timestamptz null, primary key ("id"));`);
    this.addSql(`alter table "webauthn_challenges" add constraint "webauthn_challenges_challenge_unique" unique ("challenge");`);
    this.addSql(`create index "webauthn_challenges_expires_at_index" on "webauthn_challenges" ("expires_at");`);

    this.addSql(`alter table "users" add "erased_at" timestamptz null;`);

    this.addSql(`alter table "sessions" add "ref" uuid not null default gen_random_uuid(), add "verified_at" timestamptz null, add "ip" varchar(64) null, add "user_agent" varchar(512) null, add "country" varchar(2) null;`);
    this.addSql(`alter table "sessions" add constraint "sessions_ref_unique" unique ("ref");`);

    this.addSql(`alter table "personal_access_tokens" add "verified_at" timestamptz null, add "last_ip" varchar(64) null, add "user_agent" varchar(512) null, add "country" varchar(2) null;`);
    this.addSql(`create index "personal_access_tokens_user_id_index" on "personal_access_tokens" ("user_id");`);

    // The audit log is append-only: no UPDATE or TRUNCATE; a DELETE only of rows older than the
    // cutoff the retention job (platform/audit/prune.ts) names in its own transaction.
    this.addSql(`create or replace function audit_log_append_only() returns trigger language plpgsql as $$
declare
  cutoff text := current_setting('summit.audit_prune_before', true);
begin
  if tg_op = 'DELETE' and cutoff is not null and cutoff <> '' and old.created_at < cutoff::timestamptz then
    return old;
  end if;
  raise exception 'audit_log rows cannot be changed or deleted' using errcode = 'insufficient_privilege';
end $$;`);
    this.addSql(`create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function audit_log_append_only();`);
    // Declared here only: the schema diff does not see truncate triggers (information_schema leaves them out).
    this.addSql(`create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_append_only();`);
    this.addSql(`create trigger audit_log_page_changes_i after insert on audit_log referencing new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);
    this.addSql(`create trigger audit_log_page_changes_u after update on audit_log referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);
    this.addSql(`create trigger audit_log_page_changes_d after delete on audit_log referencing old table as old_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);
    this.addSql(`create trigger audit_log_page_changes_t after truncate on audit_log
  for each statement execute function note_page_changes();`);

    this.addSql(`alter table "passkeys" add constraint "passkeys_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "known_devices" add constraint "known_devices_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "data_exports" add constraint "data_exports_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "webauthn_challenges" add constraint "webauthn_challenges_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "audit_log_append_only" on "audit_log";`);
    this.addSql(`drop function if exists "audit_log_audit_log_append_only_fn"();`);
    this.addSql(`drop trigger if exists "audit_log_page_changes_i" on "audit_log";`);
    this.addSql(`drop function if exists "audit_log_audit_log_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "audit_log_page_changes_u" on "audit_log";`);
    this.addSql(`drop function if exists "audit_log_audit_log_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "audit_log_page_changes_d" on "audit_log";`);
    this.addSql(`drop function if exists "audit_log_audit_log_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "audit_log_page_changes_t" on "audit_log";`);
    this.addSql(`drop function if exists "audit_log_audit_log_page_changes_t_fn"();`);
    this.addSql(`drop table if exists "audit_log" cascade;`);
    this.addSql(`drop function if exists audit_log_append_only();`);
    this.addSql(`drop table if exists "passkeys" cascade;`);
    this.addSql(`drop table if exists "known_devices" cascade;`);
    this.addSql(`drop table if exists "data_exports" cascade;`);
    this.addSql(`drop table if exists "webauthn_challenges" cascade;`);

    this.addSql(`drop index "personal_access_tokens_user_id_index";`);
    this.addSql(`alter table "personal_access_tokens" drop column "verified_at", drop column "last_ip", drop column "user_agent", drop column "country";`);

    this.addSql(`alter table "sessions" drop constraint "sessions_ref_unique";`);
    this.addSql(`alter table "sessions" drop column "ref", drop column "verified_at", drop column "ip", drop column "user_agent", drop column "country";`);

    this.addSql(`alter table "users" drop column "erased_at";`);

  }

}
