import { Migration } from '@mikro-orm/migrations';

/**
 * Payouts through Stripe Connect: coaches' connected accounts, one transfer row per paid booking
 * (made by a trigger on payments in the transaction that records the payment), reversals and
 * the accounts' bank payouts. Paid bookings of before get their rows here; those of schedules a
 * super-admin had marked paid count as paid outside Stripe (state manual).
 */
export class Migration20261125161317_payouts extends Migration {

  override name = 'Migration20261125161317_payouts';

  override up(): void | Promise<void> {
    this.addSql(`create table "connected_accounts" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "user_id" uuid not null, "stripe_account_id" varchar(255) null, "country" varchar(2) null, "default_currency" varchar(3) null, "details_submitted" boolean not null default false, "charges_enabled" boolean not null default false, "payouts_enabled" boolean not null default false, "transfers_active" boolean not null default false, "requirements" jsonb not null default '[]', "disabled_reason" varchar(255) null, "synced_at" timestamptz null, primary key ("id"));`);
    this.addSql(`alter table "connected_accounts" add constraint "connected_accounts_user_unique" unique ("user_id");`);
    this.addSql(`create unique index "connected_accounts_stripe_unique" on "connected_accounts" ("stripe_account_id") where stripe_account_id is not null;`);

    this.addSql(`create table "connect_payouts" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "account_id" uuid not null, "stripe_payout_id" varchar(255) not null, "amount" int not null, "currency" varchar(3) not null, "status" varchar(16) not null, "arrival_date" timestamptz null, "failure_code" varchar(64) null, "failure_message" varchar(500) null, primary key ("id"));`);
    this.addSql(`create index "connect_payouts_account_id_index" on "connect_payouts" ("account_id");`);
    this.addSql(`alter table "connect_payouts" add constraint "connect_payouts_stripe_unique" unique ("stripe_payout_id");`);

    this.addSql(`create table "payout_transfers" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "tenant_id" uuid not null, "booking_id" uuid not null, "workshop_schedule_id" uuid not null, "coach_id" uuid not null, "currency" varchar(3) not null, "state" varchar(16) not null default 'pending', "gross" int not null default 0, "refunded" int not null default 0, "fee" int not null default 0, "fee_percent" int null, "amount" int not null default 0, "reversed" int not null default 0, "attempt" int not null default 0, "lease_until" timestamptz null, "destination" varchar(255) null, "source_charge" varchar(255) null, "stripe_transfer_id" varchar(255) null, "transferred_at" timestamptz null, "failure_message" varchar(500) null, primary key ("id"));`);
    this.addSql(`create index "payout_transfers_tenant_id_index" on "payout_transfers" ("tenant_id");`);
    this.addSql(`create index "payout_transfers_workshop_schedule_id_index" on "payout_transfers" ("workshop_schedule_id");`);
    this.addSql(`create index "payout_transfers_coach_id_currency_index" on "payout_transfers" ("coach_id", "currency");`);
    this.addSql(`create index "payout_transfers_open_idx" on "payout_transfers" ("workshop_schedule_id") where state in ('pending', 'sending');`);
    this.addSql(`alter table "payout_transfers" add constraint "payout_transfers_booking_unique" unique ("booking_id");`);
    this.addSql(`create unique index "payout_transfers_stripe_unique" on "payout_transfers" ("stripe_transfer_id") where stripe_transfer_id is not null;`);

    this.addSql(`create table "payout_reversals" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "tenant_id" uuid not null, "transfer_id" uuid not null, "refund_id" uuid null, "amount" int not null, "status" varchar(16) not null default 'pending', "lease_until" timestamptz null, "stripe_reversal_id" varchar(255) null, "failure_message" varchar(500) null, primary key ("id"));`);
    this.addSql(`create index "payout_reversals_transfer_id_index" on "payout_reversals" ("transfer_id");`);
    this.addSql(`create unique index "payout_reversals_refund_unique" on "payout_reversals" ("refund_id") where refund_id is not null;`);
    this.addSql(`create unique index "payout_reversals_stripe_unique" on "payout_reversals" ("stripe_reversal_id") where stripe_reversal_id is not null;`);

    this.addSql(`create or replace function payout_transfer_for_payment() returns trigger language plpgsql as $$
begin
  insert into payout_transfers (id, created_at, updated_at, tenant_id, booking_id, workshop_schedule_id, coach_id, currency)
  select gen_random_uuid(), now(), now(), b.tenant_id, b.id, b.workshop_schedule_id, s.coach_id, new.currency
    from bookings b join workshop_schedules s on s.id = b.workshop_schedule_id
   where b.id = new.booking_id
  on conflict (booking_id) do nothing;
  return null;
end $$;`);
    this.addSql(`create trigger payments_payout_transfer after insert or update of status on payments
  for each row when (new.kind = 'payment' and new.status in ('succeeded', 'refunded')) execute function payout_transfer_for_payment();`);

    this.addSql(`alter table "connected_accounts" add constraint "connected_accounts_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "connect_payouts" add constraint "connect_payouts_account_id_foreign" foreign key ("account_id") references "connected_accounts" ("id") on delete cascade;`);

    this.addSql(`alter table "payout_transfers" add constraint "payout_transfers_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on delete cascade;`);
    this.addSql(`alter table "payout_transfers" add constraint "payout_transfers_booking_id_foreign" foreign key ("booking_id") references "bookings" ("id") on delete cascade;`);
    this.addSql(`alter table "payout_transfers" add constraint "payout_transfers_workshop_schedule_id_foreign" foreign key ("workshop_schedule_id") references "workshop_schedules" ("id") on delete cascade;`);
    this.addSql(`alter table "payout_transfers" add constraint "payout_transfers_coach_id_foreign" foreign key ("coach_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "payout_reversals" add constraint "payout_reversals_tenant_id_foreign" foreign key ("tenant_id") references "tenants" ("id") on delete cascade;`);
    this.addSql(`alter table "payout_reversals" add constraint "payout_reversals_transfer_id_foreign" foreign key ("transfer_id") references "payout_transfers" ("id") on delete cascade;`);
    this.addSql(`alter table "payout_reversals" add constraint "payout_reversals_refund_id_foreign" foreign key ("refund_id") references "payments" ("id") on delete set null;`);

    this.addSql(`insert into payout_transfers (id, created_at, updated_at, tenant_id, booking_id, workshop_schedule_id, coach_id, currency, state, transferred_at)
  select gen_random_uuid(), now(), now(), b.tenant_id, b.id, b.workshop_schedule_id, s.coach_id, b.currency,
         case when s.payout_status = 'paid' then 'manual' else 'pending' end, case when s.payout_status = 'paid' then s.paid_out_at end
    from bookings b join workshop_schedules s on s.id = b.workshop_schedule_id
   where exists (select 1 from payments p where p.booking_id = b.id and p.kind = 'payment' and p.status in ('succeeded', 'refunded'))
  on conflict (booking_id) do nothing;`);
    // What those paid-outside rows paid, frozen as a transfer would be (the fee of the configuration).
    const pct = Number(process.env.PLATFORM_FEE_PERCENT ?? 10) || 0;
    this.addSql(`update payout_transfers t set gross = x.gross, refunded = x.refunded, fee_percent = ${pct},
         fee = round((x.gross - x.refunded) * ${pct} / 100.0), amount = (x.gross - x.refunded) - round((x.gross - x.refunded) * ${pct} / 100.0)
    from (select p.booking_id,
                 coalesce(sum(p.amount) filter (where p.kind = 'payment' and p.status in ('succeeded', 'refunded')), 0) as gross,
                 coalesce(sum(p.amount) filter (where p.kind = 'refund' and p.status in ('pending', 'succeeded')), 0) as refunded
            from payments p group by p.booking_id) x
   where x.booking_id = t.booking_id and t.state = 'manual';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "connect_payouts" drop constraint "connect_payouts_account_id_foreign";`);
    this.addSql(`alter table "payout_reversals" drop constraint "payout_reversals_transfer_id_foreign";`);

    this.addSql(`drop table if exists "connected_accounts" cascade;`);
    this.addSql(`drop table if exists "connect_payouts" cascade;`);
    this.addSql(`drop table if exists "payout_transfers" cascade;`);
    this.addSql(`drop table if exists "payout_reversals" cascade;`);

    this.addSql(`drop trigger if exists "payments_payout_transfer" on "payments";`);
    this.addSql(`drop function if exists payout_transfer_for_payment();`);
  }

}
