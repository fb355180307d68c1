import { Migration } from '@mikro-orm/migrations';

/** The fee percent of the configuration this migration runs with (the server rewrites the table at start). */
const pct = Number(process.env.PLATFORM_FEE_PERCENT ?? 10) || 0;

/**
 * The payout ledger at real size (issue 30): each transfer row keeps the booking's money now (paid,
 * refunds recorded, done, pending: trigger on payments, the row locked first), its fee on what is
 * left (its own percent once sent, else its plan's: payout_fee_percents) and its session's dates;
 * every change of a row's money is added to the coach's totals as an insert-only delta, rolled up
 * by a job (roll_up_payout_money). Balances and pending sums read the totals and the few deltas
 * not rolled up yet instead of every transfer the coach ever had.
 */
export class Migration20261128062138_payout_ledger extends Migration {

  override name = 'Migration20261128062138_payout_ledger';

  override up(): void | Promise<void> {
    this.addSql(`create table "payout_fee_percents" ("plan" varchar(16) not null, "percent" int not null, primary key ("plan"));`);
    this.addSql(`insert into payout_fee_percents (plan, percent) values ('free', ${pct}), ('pro', ${pct}), ('enterprise', ${pct});`);
    this.addSql(`create table "payout_money_deltas" ("id" bigserial primary key, "coach_id" uuid not null, "tenant_id" uuid not null, "currency" varchar(3) not null, "open_count" int not null default 0, "open_held" int not null default 0, "open_paid" int not null default 0, "open_refunded" int not null default 0, "open_fee" int not null default 0, "all_paid" int not null default 0, "all_refunded" int not null default 0, "all_fee" int not null default 0, "transferred" int not null default 0);`);
    this.addSql(`create index "payout_money_deltas_coach_idx" on "payout_money_deltas" ("coach_id");`);
    this.addSql(`create table "payout_money_totals" ("coach_id" uuid not null, "tenant_id" uuid not null, "currency" varchar(3) not null, "open_count" int not null default 0, "open_held" int not null default 0, "open_paid" int not null default 0, "open_refunded" int not null default 0, "open_fee" int not null default 0, "all_paid" int not null default 0, "all_refunded" int not null default 0, "all_fee" int not null default 0, "transferred" int not null default 0, primary key ("coach_id", "tenant_id", "currency"));`);

    this.addSql(`alter table "payout_transfers" add "paid" int not null default 0, add "refunds" int not null default 0, add "refunds_done" int not null default 0, add "refunds_pending" int not null default 0, add "live_fee" int not null default 0, add "starts_at" timestamptz null, add "ends_at" timestamptz null;`);
    // The money and the dates of the rows there are.
    this.addSql(`update payout_transfers t set paid = x.paid, refunds = x.refunds, refunds_done = x.done, refunds_pending = x.pending
  from (select p.booking_id,
               coalesce(sum(p.amount) filter (where p.kind = 'payment' and p.status in ('succeeded', 'refunded')), 0)::int as paid,
               coalesce(sum(p.amount) filter (where p.kind = 'refund' and p.status in ('pending', 'succeeded')), 0)::int as refunds,
               coalesce(sum(p.amount) filter (where p.kind = 'refund' and p.status = 'succeeded'), 0)::int as done,
               count(*) filter (where p.kind = 'refund' and p.status = 'pending')::int as pending
          from payments p group by p.booking_id) x
 where x.booking_id = t.booking_id;`);
    this.addSql(`update payout_transfers t set starts_at = s.start_date, ends_at = s.end_date from workshop_schedules s where s.id = t.workshop_schedule_id;`);
    this.addSql(`update payout_transfers t set live_fee = round(greatest(t.paid - t.refunds, 0) * coalesce(t.fee_percent, f.percent, 0) / 100.0)::int
  from tenants tn left join payout_fee_percents f on f.plan = tn.plan where tn.id = t.tenant_id;`);
    this.addSql(`insert into payout_money_totals (coach_id, tenant_id, currency, open_count, open_held, open_paid, open_refunded, open_fee, all_paid, all_refunded, all_fee, transferred)
  select t.coach_id, t.tenant_id, t.currency,
         sum(case when t.state in ('pending', 'sending') then 1 else 0 end), sum(case when t.state in ('pending', 'sending') and t.paid > t.refunds then 1 else 0 end),
         sum(case when t.state in ('pending', 'sending') then t.paid else 0 end), sum(case when t.state in ('pending', 'sending') then least(t.refunds, t.paid) else 0 end),
         sum(case when t.state in ('pending', 'sending') then t.live_fee else 0 end),
         sum(t.paid), sum(least(t.refunds, t.paid)), sum(t.live_fee),
         sum(case when t.state in ('transferred', 'manual') then t.amount - t.reversed else 0 end)
    from payout_transfers t where t.state <> 'void' group by 1, 2, 3;`);
    this.addSql(`create index "payout_transfers_coach_starts_idx" on "payout_transfers" ("coach_id", "starts_at" desc, "id") where state <> 'void';`);
    this.addSql(`create index "payout_transfers_coach_due_idx" on "payout_transfers" ("coach_id", "ends_at") include ("currency", "paid", "refunds", "live_fee") where state in ('pending', 'sending');`);

    // A row's session dates and its fee on the money left, at its own percent once sent, else the plan's.
    this.addSql(`create or replace function payout_transfers_fill() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' or new.workshop_schedule_id is distinct from old.workshop_schedule_id then
    select s.start_date, s.end_date into new.starts_at, new.ends_at from workshop_schedules s where s.id = new.workshop_schedule_id;
  end if;
  new.live_fee := round(greatest(new.paid - new.refunds, 0) * coalesce(new.fee_percent,
    (select f.percent from tenants tn join payout_fee_percents f on f.plan = tn.plan where tn.id = new.tenant_id), 0) / 100.0)::int;
  return new;
end $$;`);
    // The booking's transfer row follows its payments and refunds: locked first, then summed (so
    // two writers of one booking's money never leave an old sum behind).
    this.addSql(`create or replace function payout_transfer_money() returns trigger language plpgsql as $$
declare
  b uuid;
begin
  foreach b in array array[case when tg_op <> 'DELETE' then new.booking_id end, case when tg_op <> 'INSERT' then old.booking_id end] loop
    continue when b is null;
    perform 1 from payout_transfers where booking_id = b for update;
    continue when not found;
    update payout_transfers t set paid = x.paid, refunds = x.refunds, refunds_done = x.done, refunds_pending = x.pending
      from (select coalesce(sum(p.amount) filter (where p.kind = 'payment' and p.status in ('succeeded', 'refunded')), 0)::int as paid,
                   coalesce(sum(p.amount) filter (where p.kind = 'refund' and p.status in ('pending', 'succeeded')), 0)::int as refunds,
                   coalesce(sum(p.amount) filter (where p.kind = 'refund' and p.status = 'succeeded'), 0)::int as done,
                   count(*) filter (where p.kind = 'refund' and p.status = 'pending')::int as pending
              from payments p where p.booking_id = b) x
     where t.booking_id = b and (t.paid, t.refunds, t.refunds_done, t.refunds_pending) is distinct from (x.paid, x.refunds, x.done, x.pending);
  end loop;
  return null;
end $$;`);
    // Each change of a row's money is added to its coach's totals as a delta row (insert only).
    this.addSql(`create or replace function payout_money_delta() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' and old.state <> 'void' then
    insert into payout_money_deltas (coach_id, tenant_id, currency, open_count, open_held, open_paid, open_refunded, open_fee, all_paid, all_refunded, all_fee, transferred)
    select old.coach_id, old.tenant_id, old.currency, -a, -b, -c, -d, -e, -f, -g, -h, -i
      from (select (case when old.state in ('pending', 'sending') then 1 else 0 end),
           (case when old.state in ('pending', 'sending') and old.paid > old.refunds then 1 else 0 end),
           (case when old.state in ('pending', 'sending') then old.paid else 0 end),
           (case when old.state in ('pending', 'sending') then least(old.refunds, old.paid) else 0 end),
           (case when old.state in ('pending', 'sending') then old.live_fee else 0 end),
           old.paid, least(old.refunds, old.paid), old.live_fee,
           (case when old.state in ('transferred', 'manual') then old.amount - old.reversed else 0 end)) x(a, b, c, d, e, f, g, h, i);
  end if;
  if tg_op <> 'DELETE' and new.state <> 'void' then
    insert into payout_money_deltas (coach_id, tenant_id, currency, open_count, open_held, open_paid, open_refunded, open_fee, all_paid, all_refunded, all_fee, transferred)
    select new.coach_id, new.tenant_id, new.currency, a, b, c, d, e, f, g, h, i
      from (select (case when new.state in ('pending', 'sending') then 1 else 0 end),
           (case when new.state in ('pending', 'sending') and new.paid > new.refunds then 1 else 0 end),
           (case when new.state in ('pending', 'sending') then new.paid else 0 end),
           (case when new.state in ('pending', 'sending') then least(new.refunds, new.paid) else 0 end),
           (case when new.state in ('pending', 'sending') then new.live_fee else 0 end),
           new.paid, least(new.refunds, new.paid), new.live_fee,
           (case when new.state in ('transferred', 'manual') then new.amount - new.reversed else 0 end)) x(a, b, c, d, e, f, g, h, i);
  end if;
  return null;
end $$;`);
    // Schedules pass their dates on to their payout rows.
    this.addSql(`create or replace function schedules_copy_to_transfers() returns trigger language plpgsql as $$
begin
  update payout_transfers set starts_at = new.start_date, ends_at = new.end_date
   where workshop_schedule_id = new.id and (starts_at, ends_at) is distinct from (new.start_date, new.end_date);
  return null;
end $$;`);

    this.addSql(`create trigger workshop_schedules_copy_to_transfers after update of start_date, end_date on workshop_schedules
  for each row when (old.start_date is distinct from new.start_date or old.end_date is distinct from new.end_date)
  execute function schedules_copy_to_transfers();`);
    this.addSql(`create trigger payout_transfers_fill before insert or update on payout_transfers
  for each row execute function payout_transfers_fill();`);
    this.addSql(`create trigger payout_transfers_money_delta after insert or update or delete on payout_transfers
  for each row execute function payout_money_delta();`);
    this.addSql(`create trigger payments_transfer_money after insert or update of amount, status, kind, booking_id or delete on payments
  for each row execute function payout_transfer_money();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "payout_fee_percents" cascade;`);
    this.addSql(`drop table if exists "payout_money_deltas" cascade;`);
    this.addSql(`drop table if exists "payout_money_totals" cascade;`);

    this.addSql(`drop trigger if exists "payments_transfer_money" on "payments";`);
    this.addSql(`drop function if exists "payments_payments_transfer_money_fn"();`);

    this.addSql(`drop index "payout_transfers_coach_starts_idx";`);
    this.addSql(`drop index "payout_transfers_coach_due_idx";`);
    this.addSql(`drop trigger if exists "payout_transfers_fill" on "payout_transfers";`);
    this.addSql(`drop function if exists "payout_transfers_payout_transfers_fill_fn"();`);
    this.addSql(`drop trigger if exists "payout_transfers_money_delta" on "payout_transfers";`);
    this.addSql(`drop function if exists "payout_transfers_payout_transfers_money_delta_fn"();`);
    this.addSql(`alter table "payout_transfers" drop column "paid", drop column "refunds", drop column "refunds_done", drop column "refunds_pending", drop column "live_fee", drop column "starts_at", drop column "ends_at";`);

    this.addSql(`drop trigger if exists "workshop_schedules_copy_to_transfers" on "workshop_schedules";`);
    this.addSql(`drop function if exists schedules_copy_to_transfers();`);
    this.addSql(`drop function if exists payout_money_delta();`);
    this.addSql(`drop function if exists payout_transfer_money();`);
    this.addSql(`drop function if exists payout_transfers_fill();`);
    this.addSql(`drop function if exists "workshop_schedules_workshop_schedules_copy_to_transfers_fn"();`);
  }

}
