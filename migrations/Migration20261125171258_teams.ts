import { Migration } from '@mikro-orm/migrations';

export class Migration20261125171258_teams extends Migration {

  override name = 'Migration20261125171258_teams';

  override up(): void | Promise<void> {
    this.addSql(`create table "team_invitations" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "tenant_id" uuid not null, "email" varchar(255) not null, "roles" text[] not null, "token_hash" varchar(64) not null, "status" varchar(16) not null default 'PENDING', "inviter_id" uuid null, "accepted_by_id" uuid null, "sent_at" timestamptz not null, "expires_at" timestamptz not null, "responded_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "team_invitations_tenant_id_index" on "team_invitations" ("tenant_id");`);
    this.addSql(`alter table "team_invitations" add constraint "team_invitations_token_unique" unique ("token_hash");`);
    this.addSql(`create unique index "team_invitations_pending_unique" on "team_invitations" ("tenant_id", "email") where status = 'PENDING';`);

    this.addSql(`alter table "vouchers" add "disabled_at" timestamptz null;`);

    this.addSql(`create index "bookings_voucher_idx" on "bookings" ("voucher_id") where voucher_id is not null;`);

    this.addSql(`alter table "team_invitations" add constraint "team_invitations_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on delete cascade;`);
    this.addSql(`alter table "team_invitations" add constraint "team_invitations_inviter_id_foreign" foreign key ("inviter_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "team_invitations" add constraint "team_invitations_accepted_by_id_foreign" foreign key ("accepted_by_id") references "users" ("id") on delete set null;`);

    // Teams keep at least one manager from now on: a team without one gets its earliest active coach as manager.
    this.addSql(`update "memberships" set "roles" = array_append("roles", 'manager') where "id" in (
      select distinct on (m."tenant_id") m."id" from "memberships" m join "users" u on u."id" = m."user_id"
       where m."status" = 'ACTIVE' and 'coach' = any(u."roles") and u."deleted_at" is null
         and not exists (select 1 from "memberships" x where x."tenant_id" = m."tenant_id" and 'manager' = any(x."roles"))
       order by m."tenant_id", m."created_at", m."id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "team_invitations" cascade;`);

    this.addSql(`drop index "bookings_voucher_idx";`);

    this.addSql(`alter table "vouchers" drop column "disabled_at";`);
  }

}
