import { Migration } from '@mikro-orm/migrations';

/**
 * Page changes instead of the pages' and the listing's generations (issue 30): every statement
 * writing a table a kept page or memo shows notes the scopes it changed (a team, a user, an
 * email, the listing, or everything) in page_changes, from the rows it wrote (statement triggers
 * with transition tables, note_page_changes). Servers read the rows in commit order (by xid
 * against their snapshot's xmin, src/platform/db/changes.ts) and drop only the kept pages and
 * memos that depend on a changed scope: a write in one team no longer drops every page of every
 * team, and a render that overlapped an uncommitted write is never kept past its commit.
 */
export class Migration20261128052300_page_changes extends Migration {

  override name = 'Migration20261128052300_page_changes';

  override up(): void | Promise<void> {
    this.addSql(`create table "page_changes" ("id" bigserial primary key, "xid" xid8 not null default pg_current_xact_id(), "scope" text not null, "at" timestamptz not null default now());`);
    this.addSql(`create index "page_changes_xid_idx" on "page_changes" ("xid");`);
    // TG_ARGV: SQL expressions over a written row r (old and new), each a scope or null.
    this.addSql(`create or replace function note_page_changes() returns trigger language plpgsql as $$
declare
  q text := '';
  e text;
begin
  foreach e in array tg_argv loop
    if tg_op in ('INSERT', 'UPDATE') then
      q := q || case when q = '' then '' else ' union ' end || format('select %s as s from new_rows r', e);
    end if;
    if tg_op in ('DELETE', 'UPDATE') then
      q := q || case when q = '' then '' else ' union ' end || format('select %s as s from old_rows r', e);
    end if;
  end loop;
  if q <> '' then
    execute 'insert into page_changes (scope) select s from (' || q || ') x where s is not null';
  end if;
  return null;
end $$;`);

    this.addSql(`drop trigger if exists "permissions_page_generation" on "permissions";`);
    this.addSql(`drop function if exists "permissions_permissions_page_generation_fn"();`);
    this.addSql(`create trigger permissions_page_changes_i after insert on permissions referencing new table as new_rows
  for each statement execute function note_page_changes('''g''');`);
    this.addSql(`create trigger permissions_page_changes_u after update on permissions referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''g''');`);
    this.addSql(`create trigger permissions_page_changes_d after delete on permissions referencing old table as old_rows
  for each statement execute function note_page_changes('''g''');`);

    this.addSql(`drop trigger if exists "roles_page_generation" on "roles";`);
    this.addSql(`drop function if exists "roles_roles_page_generation_fn"();`);
    this.addSql(`create trigger roles_page_changes_i after insert on roles referencing new table as new_rows
  for each statement execute function note_page_changes('''g''');`);
    this.addSql(`create trigger roles_page_changes_u after update on roles referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''g''');`);
    this.addSql(`create trigger roles_page_changes_d after delete on roles referencing old table as old_rows
  for each statement execute function note_page_changes('''g''');`);

    this.addSql(`drop trigger if exists "tags_page_generation" on "tags";`);
    this.addSql(`drop function if exists "tags_tags_page_generation_fn"();`);
    this.addSql(`create trigger tags_page_changes_i after insert on tags referencing new table as new_rows
  for each statement execute function note_page_changes('''g''', '''l''');`);
    this.addSql(`create trigger tags_page_changes_u after update on tags referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''g''', '''l''');`);
    this.addSql(`create trigger tags_page_changes_d after delete on tags referencing old table as old_rows
  for each statement execute function note_page_changes('''g''', '''l''');`);

    this.addSql(`drop trigger if exists "tenants_listing_generation" on "tenants";`);
    this.addSql(`drop function if exists "tenants_tenants_listing_generation_fn"();`);
    this.addSql(`drop trigger if exists "tenants_page_generation" on "tenants";`);
    this.addSql(`drop function if exists "tenants_tenants_page_generation_fn"();`);
    this.addSql(`create trigger tenants_page_changes_i after insert on tenants referencing new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.id', '''l''');`);
    this.addSql(`create trigger tenants_page_changes_u after update on tenants referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.id', '''l''');`);
    this.addSql(`create trigger tenants_page_changes_d after delete on tenants referencing old table as old_rows
  for each statement execute function note_page_changes('''t:'' || r.id', '''l''');`);

    this.addSql(`drop trigger if exists "users_listing_generation" on "users";`);
    this.addSql(`drop function if exists "users_users_listing_generation_fn"();`);
    this.addSql(`drop trigger if exists "users_page_generation" on "users";`);
    this.addSql(`drop function if exists "users_users_page_generation_fn"();`);
    this.addSql(`create trigger users_page_changes_i after insert on users referencing new table as new_rows
  for each statement execute function note_page_changes('''u:'' || r.id', '''l''', 'unnest(array(select ''t:'' || m.tenant_id from memberships m where m.user_id = r.id
  union select ''t:'' || p.tenant_id from booking_people p where p.user_id = r.id))');`);
    this.addSql(`create trigger users_page_changes_u after update on users referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''u:'' || r.id', '''l''', 'unnest(array(select ''t:'' || m.tenant_id from memberships m where m.user_id = r.id
  union select ''t:'' || p.tenant_id from booking_people p where p.user_id = r.id))');`);
    this.addSql(`create trigger users_page_changes_d after delete on users referencing old table as old_rows
  for each statement execute function note_page_changes('''u:'' || r.id', '''l''', 'unnest(array(select ''t:'' || m.tenant_id from memberships m where m.user_id = r.id
  union select ''t:'' || p.tenant_id from booking_people p where p.user_id = r.id))');`);

    this.addSql(`drop trigger if exists "team_invitations_page_generation" on "team_invitations";`);
    this.addSql(`drop function if exists "team_invitations_team_invitations_page_generation_fn"();`);
    this.addSql(`create trigger team_invitations_page_changes_i after insert on team_invitations referencing new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''e:'' || lower(r.email)');`);
    this.addSql(`create trigger team_invitations_page_changes_u after update on team_invitations referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''e:'' || lower(r.email)');`);
    this.addSql(`create trigger team_invitations_page_changes_d after delete on team_invitations referencing old table as old_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''e:'' || lower(r.email)');`);

    this.addSql(`drop trigger if exists "files_page_generation" on "files";`);
    this.addSql(`drop function if exists "files_files_page_generation_fn"();`);
    this.addSql(`create trigger files_page_changes_i after insert on files referencing new table as new_rows
  for each statement execute function note_page_changes('''u:'' || r.owner_id');`);
    this.addSql(`create trigger files_page_changes_u after update on files referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''u:'' || r.owner_id');`);
    this.addSql(`create trigger files_page_changes_d after delete on files referencing old table as old_rows
  for each statement execute function note_page_changes('''u:'' || r.owner_id');`);

    this.addSql(`drop trigger if exists "memberships_page_generation" on "memberships";`);
    this.addSql(`drop function if exists "memberships_memberships_page_generation_fn"();`);
    this.addSql(`create trigger memberships_page_changes_i after insert on memberships referencing new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''u:'' || r.user_id');`);
    this.addSql(`create trigger memberships_page_changes_u after update on memberships referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''u:'' || r.user_id');`);
    this.addSql(`create trigger memberships_page_changes_d after delete on memberships referencing old table as old_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''u:'' || r.user_id');`);

    this.addSql(`drop trigger if exists "mail_opt_outs_page_generation" on "mail_opt_outs";`);
    this.addSql(`drop function if exists "mail_opt_outs_mail_opt_outs_page_generation_fn"();`);
    this.addSql(`create trigger mail_opt_outs_page_changes_i after insert on mail_opt_outs referencing new table as new_rows
  for each statement execute function note_page_changes('''u:'' || r.user_id');`);
    this.addSql(`create trigger mail_opt_outs_page_changes_u after update on mail_opt_outs referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''u:'' || r.user_id');`);
    this.addSql(`create trigger mail_opt_outs_page_changes_d after delete on mail_opt_outs referencing old table as old_rows
  for each statement execute function note_page_changes('''u:'' || r.user_id');`);

    this.addSql(`drop trigger if exists "job_postings_page_generation" on "job_postings";`);
    this.addSql(`drop function if exists "job_postings_job_postings_page_generation_fn"();`);
    this.addSql(`create trigger job_postings_page_changes_i after insert on job_postings referencing new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);
    this.addSql(`create trigger job_postings_page_changes_u after update on job_postings referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);
    this.addSql(`create trigger job_postings_page_changes_d after delete on job_postings referencing old table as old_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);

    this.addSql(`drop trigger if exists "job_applications_page_generation" on "job_applications";`);
    this.addSql(`drop function if exists "job_applications_job_applications_page_generation_fn"();`);
    this.addSql(`create trigger job_applications_page_changes_i after insert on job_applications referencing new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);
    this.addSql(`create trigger job_applications_page_changes_u after update on job_applications referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);
    this.addSql(`create trigger job_applications_page_changes_d after delete on job_applications referencing old table as old_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);

    this.addSql(`drop trigger if exists "connected_accounts_page_generation" on "connected_accounts";`);
    this.addSql(`drop function if exists "connected_accounts_connected_accounts_page_generation_fn"();`);
    this.addSql(`create trigger connected_accounts_page_changes_i after insert on connected_accounts referencing new table as new_rows
  for each statement execute function note_page_changes('''u:'' || r.user_id');`);
    this.addSql(`create trigger connected_accounts_page_changes_u after update on connected_accounts referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''u:'' || r.user_id');`);
    this.addSql(`create trigger connected_accounts_page_changes_d after delete on connected_accounts referencing old table as old_rows
  for each statement execute function note_page_changes('''u:'' || r.user_id');`);

    this.addSql(`drop trigger if exists "connect_payouts_page_generation" on "connect_payouts";`);
    this.addSql(`drop function if exists "connect_payouts_connect_payouts_page_generation_fn"();`);
    this.addSql(`create trigger connect_payouts_page_changes_i after insert on connect_payouts referencing new table as new_rows
  for each statement execute function note_page_changes('''u:'' || (select a.user_id from connected_accounts a where a.id = r.account_id)');`);
    this.addSql(`create trigger connect_payouts_page_changes_u after update on connect_payouts referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''u:'' || (select a.user_id from connected_accounts a where a.id = r.account_id)');`);
    this.addSql(`create trigger connect_payouts_page_changes_d after delete on connect_payouts referencing old table as old_rows
  for each statement execute function note_page_changes('''u:'' || (select a.user_id from connected_accounts a where a.id = r.account_id)');`);

    this.addSql(`drop trigger if exists "vouchers_page_generation" on "vouchers";`);
    this.addSql(`drop function if exists "vouchers_vouchers_page_generation_fn"();`);
    this.addSql(`create trigger vouchers_page_changes_i after insert on vouchers referencing new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);
    this.addSql(`create trigger vouchers_page_changes_u after update on vouchers referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);
    this.addSql(`create trigger vouchers_page_changes_d after delete on vouchers referencing old table as old_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);

    this.addSql(`drop trigger if exists "workshop_templates_page_generation" on "workshop_templates";`);
    this.addSql(`drop function if exists "workshop_templates_workshop_templates_page_generation_fn"();`);
    this.addSql(`create trigger workshop_templates_page_changes_i after insert on workshop_templates referencing new table as new_rows
  for each statement execute function note_page_changes('''g''');`);
    this.addSql(`create trigger workshop_templates_page_changes_u after update on workshop_templates referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''g''');`);
    this.addSql(`create trigger workshop_templates_page_changes_d after delete on workshop_templates referencing old table as old_rows
  for each statement execute function note_page_changes('''g''');`);

    this.addSql(`drop trigger if exists "workshops_page_generation" on "workshops";`);
    this.addSql(`drop function if exists "workshops_workshops_page_generation_fn"();`);
    this.addSql(`create trigger workshops_page_changes_i after insert on workshops referencing new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''l''');`);
    this.addSql(`create trigger workshops_page_changes_u after update on workshops referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''l''');`);
    this.addSql(`create trigger workshops_page_changes_d after delete on workshops referencing old table as old_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''l''');`);

    this.addSql(`drop trigger if exists "workshop_tags_page_generation" on "workshop_tags";`);
    this.addSql(`drop function if exists "workshop_tags_workshop_tags_page_generation_fn"();`);
    this.addSql(`create trigger workshop_tags_page_changes_i after insert on workshop_tags referencing new table as new_rows
  for each statement execute function note_page_changes('''t:'' || (select w.tenant_id from workshops w where w.id = r.workshop_id)', '''l''');`);
    this.addSql(`create trigger workshop_tags_page_changes_u after update on workshop_tags referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''t:'' || (select w.tenant_id from workshops w where w.id = r.workshop_id)', '''l''');`);
    this.addSql(`create trigger workshop_tags_page_changes_d after delete on workshop_tags referencing old table as old_rows
  for each statement execute function note_page_changes('''t:'' || (select w.tenant_id from workshops w where w.id = r.workshop_id)', '''l''');`);

    this.addSql(`drop trigger if exists "workshop_schedules_listing_generation" on "workshop_schedules";`);
    this.addSql(`drop function if exists "workshop_schedules_workshop_schedules_listing_generation_fn"();`);
    this.addSql(`drop trigger if exists "workshop_schedules_page_generation" on "workshop_schedules";`);
    this.addSql(`drop function if exists "workshop_schedules_workshop_schedules_page_generation_fn"();`);
    this.addSql(`create trigger workshop_schedules_page_changes_i after insert on workshop_schedules referencing new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''l''');`);
    this.addSql(`create trigger workshop_schedules_page_changes_u after update on workshop_schedules referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''l''');`);
    this.addSql(`create trigger workshop_schedules_page_changes_d after delete on workshop_schedules referencing old table as old_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''l''');`);

    this.addSql(`drop trigger if exists "feedbacks_listing_generation" on "feedbacks";`);
    this.addSql(`drop function if exists "feedbacks_feedbacks_listing_generation_fn"();`);
    this.addSql(`drop trigger if exists "feedbacks_page_generation" on "feedbacks";`);
    this.addSql(`drop function if exists "feedbacks_feedbacks_page_generation_fn"();`);
    this.addSql(`create trigger feedbacks_page_changes_i after insert on feedbacks referencing new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''u:'' || r.user_id', '''l''');`);
    this.addSql(`create trigger feedbacks_page_changes_u after update on feedbacks referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''u:'' || r.user_id', '''l''');`);
    this.addSql(`create trigger feedbacks_page_changes_d after delete on feedbacks referencing old table as old_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''u:'' || r.user_id', '''l''');`);

    this.addSql(`drop trigger if exists "bookings_listing_generation" on "bookings";`);
    this.addSql(`drop function if exists "bookings_bookings_listing_generation_fn"();`);
    this.addSql(`drop trigger if exists "bookings_page_generation" on "bookings";`);
    this.addSql(`drop function if exists "bookings_bookings_page_generation_fn"();`);
    this.addSql(`create trigger bookings_page_changes_i after insert on bookings referencing new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''u:'' || r.user_id', '''l''');`);
    this.addSql(`create trigger bookings_page_changes_u after update on bookings referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''u:'' || r.user_id', '''l''');`);
    this.addSql(`create trigger bookings_page_changes_d after delete on bookings referencing old table as old_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''u:'' || r.user_id', '''l''');`);

    this.addSql(`drop trigger if exists "waitlist_entries_page_generation" on "waitlist_entries";`);
    this.addSql(`drop function if exists "waitlist_entries_waitlist_entries_page_generation_fn"();`);
    this.addSql(`create trigger waitlist_entries_page_changes_i after insert on waitlist_entries referencing new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''u:'' || r.user_id');`);
    this.addSql(`create trigger waitlist_entries_page_changes_u after update on waitlist_entries referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''u:'' || r.user_id');`);
    this.addSql(`create trigger waitlist_entries_page_changes_d after delete on waitlist_entries referencing old table as old_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''u:'' || r.user_id');`);

    this.addSql(`drop trigger if exists "payout_transfers_page_generation" on "payout_transfers";`);
    this.addSql(`drop function if exists "payout_transfers_payout_transfers_page_generation_fn"();`);
    this.addSql(`create trigger payout_transfers_page_changes_i after insert on payout_transfers referencing new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''u:'' || r.coach_id');`);
    this.addSql(`create trigger payout_transfers_page_changes_u after update on payout_transfers referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''u:'' || r.coach_id');`);
    this.addSql(`create trigger payout_transfers_page_changes_d after delete on payout_transfers referencing old table as old_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''u:'' || r.coach_id');`);

    this.addSql(`drop trigger if exists "payments_page_generation" on "payments";`);
    this.addSql(`drop function if exists "payments_payments_page_generation_fn"();`);
    this.addSql(`create trigger payments_page_changes_i after insert on payments referencing new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''u:'' || r.user_id');`);
    this.addSql(`create trigger payments_page_changes_u after update on payments referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''u:'' || r.user_id');`);
    this.addSql(`create trigger payments_page_changes_d after delete on payments referencing old table as old_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''u:'' || r.user_id');`);

    this.addSql(`drop trigger if exists "payout_reversals_page_generation" on "payout_reversals";`);
    this.addSql(`drop function if exists "payout_reversals_payout_reversals_page_generation_fn"();`);
    this.addSql(`create trigger payout_reversals_page_changes_i after insert on payout_reversals referencing new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);
    this.addSql(`create trigger payout_reversals_page_changes_u after update on payout_reversals referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);
    this.addSql(`create trigger payout_reversals_page_changes_d after delete on payout_reversals referencing old table as old_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);

    this.addSql(`drop trigger if exists "invoices_page_generation" on "invoices";`);
    this.addSql(`drop function if exists "invoices_invoices_page_generation_fn"();`);
    this.addSql(`create trigger invoices_page_changes_i after insert on invoices referencing new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);
    this.addSql(`create trigger invoices_page_changes_u after update on invoices referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);
    this.addSql(`create trigger invoices_page_changes_d after delete on invoices referencing old table as old_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);

    this.addSql(`drop trigger if exists "booking_seats_page_generation" on "booking_seats";`);
    this.addSql(`drop function if exists "booking_seats_booking_seats_page_generation_fn"();`);
    this.addSql(`create trigger booking_seats_page_changes_i after insert on booking_seats referencing new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''u:'' || r.user_id', '''e:'' || lower(r.email)');`);
    this.addSql(`create trigger booking_seats_page_changes_u after update on booking_seats referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''u:'' || r.user_id', '''e:'' || lower(r.email)');`);
    this.addSql(`create trigger booking_seats_page_changes_d after delete on booking_seats referencing old table as old_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id', '''u:'' || r.user_id', '''e:'' || lower(r.email)');`);

    this.addSql(`drop trigger if exists "sent_notifications_page_generation" on "sent_notifications";`);
    this.addSql(`drop function if exists "sent_notifications_sent_notifications_page_generation_fn"();`);
    this.addSql(`create trigger sent_notifications_page_changes_i after insert on sent_notifications referencing new table as new_rows
  for each statement execute function note_page_changes('''u:'' || r.user_id');`);
    this.addSql(`create trigger sent_notifications_page_changes_u after update on sent_notifications referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''u:'' || r.user_id');`);
    this.addSql(`create trigger sent_notifications_page_changes_d after delete on sent_notifications referencing old table as old_rows
  for each statement execute function note_page_changes('''u:'' || r.user_id');`);

    this.addSql(`drop trigger if exists "booking_reschedules_page_generation" on "booking_reschedules";`);
    this.addSql(`drop function if exists "booking_reschedules_booking_reschedules_page_generation_fn"();`);
    this.addSql(`create trigger booking_reschedules_page_changes_i after insert on booking_reschedules referencing new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);
    this.addSql(`create trigger booking_reschedules_page_changes_u after update on booking_reschedules referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);
    this.addSql(`create trigger booking_reschedules_page_changes_d after delete on booking_reschedules referencing old table as old_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);

    this.addSql(`drop trigger if exists "workshop_resources_page_generation" on "workshop_resources";`);
    this.addSql(`drop function if exists "workshop_resources_workshop_resources_page_generation_fn"();`);
    this.addSql(`create trigger workshop_resources_page_changes_i after insert on workshop_resources referencing new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);
    this.addSql(`create trigger workshop_resources_page_changes_u after update on workshop_resources referencing old table as old_rows new table as new_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);
    this.addSql(`create trigger workshop_resources_page_changes_d after delete on workshop_resources referencing old table as old_rows
  for each statement execute function note_page_changes('''t:'' || r.tenant_id');`);

    this.addSql(`drop function if exists bump_page_generation();`);
    this.addSql(`drop function if exists bump_listing_generation();`);
    this.addSql(`drop sequence if exists page_generation;`);
    this.addSql(`drop sequence if exists listing_generation;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create sequence if not exists page_generation;`);
    this.addSql(`create sequence if not exists listing_generation;`);
    this.addSql(`create or replace function bump_page_generation() returns trigger language plpgsql as $$ begin perform nextval('page_generation'); return null; end $$;`);
    this.addSql(`create or replace function bump_listing_generation() returns trigger language plpgsql as $$ begin perform nextval('listing_generation'); return null; end $$;`);
    this.addSql(`drop table if exists "page_changes" cascade;`);
    this.addSql(`drop function if exists note_page_changes();`);

    this.addSql(`drop trigger if exists "booking_reschedules_page_changes_i" on "booking_reschedules";`);
    this.addSql(`drop function if exists "booking_reschedules_booking_reschedules_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "booking_reschedules_page_changes_u" on "booking_reschedules";`);
    this.addSql(`drop function if exists "booking_reschedules_booking_reschedules_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "booking_reschedules_page_changes_d" on "booking_reschedules";`);
    this.addSql(`drop function if exists "booking_reschedules_booking_reschedules_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "booking_reschedules_page_changes_t" on "booking_reschedules";`);
    this.addSql(`drop function if exists "booking_reschedules_booking_reschedules_page_changes_t_fn"();`);
    this.addSql(`create trigger booking_reschedules_page_generation after insert or update or delete or truncate on booking_reschedules
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "booking_seats_page_changes_i" on "booking_seats";`);
    this.addSql(`drop function if exists "booking_seats_booking_seats_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "booking_seats_page_changes_u" on "booking_seats";`);
    this.addSql(`drop function if exists "booking_seats_booking_seats_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "booking_seats_page_changes_d" on "booking_seats";`);
    this.addSql(`drop function if exists "booking_seats_booking_seats_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "booking_seats_page_changes_t" on "booking_seats";`);
    this.addSql(`drop function if exists "booking_seats_booking_seats_page_changes_t_fn"();`);
    this.addSql(`create trigger booking_seats_page_generation after insert or update or delete or truncate on booking_seats
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "bookings_page_changes_i" on "bookings";`);
    this.addSql(`drop function if exists "bookings_bookings_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "bookings_page_changes_u" on "bookings";`);
    this.addSql(`drop function if exists "bookings_bookings_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "bookings_page_changes_d" on "bookings";`);
    this.addSql(`drop function if exists "bookings_bookings_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "bookings_page_changes_t" on "bookings";`);
    this.addSql(`drop function if exists "bookings_bookings_page_changes_t_fn"();`);
    this.addSql(`create trigger bookings_listing_generation after insert or update or delete or truncate on bookings
  for each statement execute function bump_listing_generation();`);
    this.addSql(`create trigger bookings_page_generation after insert or update or delete or truncate on bookings
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "connect_payouts_page_changes_i" on "connect_payouts";`);
    this.addSql(`drop function if exists "connect_payouts_connect_payouts_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "connect_payouts_page_changes_u" on "connect_payouts";`);
    this.addSql(`drop function if exists "connect_payouts_connect_payouts_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "connect_payouts_page_changes_d" on "connect_payouts";`);
    this.addSql(`drop function if exists "connect_payouts_connect_payouts_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "connect_payouts_page_changes_t" on "connect_payouts";`);
    this.addSql(`drop function if exists "connect_payouts_connect_payouts_page_changes_t_fn"();`);
    this.addSql(`create trigger connect_payouts_page_generation after insert or update or delete or truncate on connect_payouts
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "connected_accounts_page_changes_i" on "connected_accounts";`);
    this.addSql(`drop function if exists "connected_accounts_connected_accounts_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "connected_accounts_page_changes_u" on "connected_accounts";`);
    this.addSql(`drop function if exists "connected_accounts_connected_accounts_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "connected_accounts_page_changes_d" on "connected_accounts";`);
    this.addSql(`drop function if exists "connected_accounts_connected_accounts_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "connected_accounts_page_changes_t" on "connected_accounts";`);
    this.addSql(`drop function if exists "connected_accounts_connected_accounts_page_changes_t_fn"();`);
    this.addSql(`create trigger connected_accounts_page_generation after insert or update or delete or truncate on connected_accounts
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "feedbacks_page_changes_i" on "feedbacks";`);
    this.addSql(`drop function if exists "feedbacks_feedbacks_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "feedbacks_page_changes_u" on "feedbacks";`);
    this.addSql(`drop function if exists "feedbacks_feedbacks_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "feedbacks_page_changes_d" on "feedbacks";`);
    this.addSql(`drop function if exists "feedbacks_feedbacks_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "feedbacks_page_changes_t" on "feedbacks";`);
    this.addSql(`drop function if exists "feedbacks_feedbacks_page_changes_t_fn"();`);
    this.addSql(`create trigger feedbacks_listing_generation after insert or update or delete or truncate on feedbacks
  for each statement execute function bump_listing_generation();`);
    this.addSql(`create trigger feedbacks_page_generation after insert or update or delete or truncate on feedbacks
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "files_page_changes_i" on "files";`);
    this.addSql(`drop function if exists "files_files_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "files_page_changes_u" on "files";`);
    this.addSql(`drop function if exists "files_files_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "files_page_changes_d" on "files";`);
    this.addSql(`drop function if exists "files_files_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "files_page_changes_t" on "files";`);
    this.addSql(`drop function if exists "files_files_page_changes_t_fn"();`);
    this.addSql(`create trigger files_page_generation after insert or update or delete or truncate on files
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "invoices_page_changes_i" on "invoices";`);
    this.addSql(`drop function if exists "invoices_invoices_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "invoices_page_changes_u" on "invoices";`);
    this.addSql(`drop function if exists "invoices_invoices_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "invoices_page_changes_d" on "invoices";`);
    this.addSql(`drop function if exists "invoices_invoices_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "invoices_page_changes_t" on "invoices";`);
    this.addSql(`drop function if exists "invoices_invoices_page_changes_t_fn"();`);
    this.addSql(`create trigger invoices_page_generation after insert or update or delete or truncate on invoices
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "job_applications_page_changes_i" on "job_applications";`);
    this.addSql(`drop function if exists "job_applications_job_applications_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "job_applications_page_changes_u" on "job_applications";`);
    this.addSql(`drop function if exists "job_applications_job_applications_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "job_applications_page_changes_d" on "job_applications";`);
    this.addSql(`drop function if exists "job_applications_job_applications_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "job_applications_page_changes_t" on "job_applications";`);
    this.addSql(`drop function if exists "job_applications_job_applications_page_changes_t_fn"();`);
    this.addSql(`create trigger job_applications_page_generation after insert or update or delete or truncate on job_applications
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "job_postings_page_changes_i" on "job_postings";`);
    this.addSql(`drop function if exists "job_postings_job_postings_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "job_postings_page_changes_u" on "job_postings";`);
    this.addSql(`drop function if exists "job_postings_job_postings_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "job_postings_page_changes_d" on "job_postings";`);
    this.addSql(`drop function if exists "job_postings_job_postings_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "job_postings_page_changes_t" on "job_postings";`);
    this.addSql(`drop function if exists "job_postings_job_postings_page_changes_t_fn"();`);
    this.addSql(`create trigger job_postings_page_generation after insert or update or delete or truncate on job_postings
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "mail_opt_outs_page_changes_i" on "mail_opt_outs";`);
    this.addSql(`drop function if exists "mail_opt_outs_mail_opt_outs_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "mail_opt_outs_page_changes_u" on "mail_opt_outs";`);
    this.addSql(`drop function if exists "mail_opt_outs_mail_opt_outs_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "mail_opt_outs_page_changes_d" on "mail_opt_outs";`);
    this.addSql(`drop function if exists "mail_opt_outs_mail_opt_outs_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "mail_opt_outs_page_changes_t" on "mail_opt_outs";`);
    this.addSql(`drop function if exists "mail_opt_outs_mail_opt_outs_page_changes_t_fn"();`);
    this.addSql(`create trigger mail_opt_outs_page_generation after insert or update or delete or truncate on mail_opt_outs
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "memberships_page_changes_i" on "memberships";`);
    this.addSql(`drop function if exists "memberships_memberships_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "memberships_page_changes_u" on "memberships";`);
    this.addSql(`drop function if exists "memberships_memberships_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "memberships_page_changes_d" on "memberships";`);
    this.addSql(`drop function if exists "memberships_memberships_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "memberships_page_changes_t" on "memberships";`);
    this.addSql(`drop function if exists "memberships_memberships_page_changes_t_fn"();`);
    this.addSql(`create trigger memberships_page_generation after insert or update or delete or truncate on memberships
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "payments_page_changes_i" on "payments";`);
    this.addSql(`drop function if exists "payments_payments_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "payments_page_changes_u" on "payments";`);
    this.addSql(`drop function if exists "payments_payments_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "payments_page_changes_d" on "payments";`);
    this.addSql(`drop function if exists "payments_payments_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "payments_page_changes_t" on "payments";`);
    this.addSql(`drop function if exists "payments_payments_page_changes_t_fn"();`);
    this.addSql(`create trigger payments_page_generation after insert or update or delete or truncate on payments
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "payout_reversals_page_changes_i" on "payout_reversals";`);
    this.addSql(`drop function if exists "payout_reversals_payout_reversals_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "payout_reversals_page_changes_u" on "payout_reversals";`);
    this.addSql(`drop function if exists "payout_reversals_payout_reversals_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "payout_reversals_page_changes_d" on "payout_reversals";`);
    this.addSql(`drop function if exists "payout_reversals_payout_reversals_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "payout_reversals_page_changes_t" on "payout_reversals";`);
    this.addSql(`drop function if exists "payout_reversals_payout_reversals_page_changes_t_fn"();`);
    this.addSql(`create trigger payout_reversals_page_generation after insert or update or delete or truncate on payout_reversals
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "payout_transfers_page_changes_i" on "payout_transfers";`);
    this.addSql(`drop function if exists "payout_transfers_payout_transfers_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "payout_transfers_page_changes_u" on "payout_transfers";`);
    this.addSql(`drop function if exists "payout_transfers_payout_transfers_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "payout_transfers_page_changes_d" on "payout_transfers";`);
    this.addSql(`drop function if exists "payout_transfers_payout_transfers_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "payout_transfers_page_changes_t" on "payout_transfers";`);
    this.addSql(`drop function if exists "payout_transfers_payout_transfers_page_changes_t_fn"();`);
    this.addSql(`create trigger payout_transfers_page_generation after insert or update or delete or truncate on payout_transfers
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "permissions_page_changes_i" on "permissions";`);
    this.addSql(`drop function if exists "permissions_permissions_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "permissions_page_changes_u" on "permissions";`);
    this.addSql(`drop function if exists "permissions_permissions_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "permissions_page_changes_d" on "permissions";`);
    this.addSql(`drop function if exists "permissions_permissions_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "permissions_page_changes_t" on "permissions";`);
    this.addSql(`drop function if exists "permissions_permissions_page_changes_t_fn"();`);
    this.addSql(`create trigger permissions_page_generation after insert or update or delete or truncate on permissions
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "roles_page_changes_i" on "roles";`);
    this.addSql(`drop function if exists "roles_roles_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "roles_page_changes_u" on "roles";`);
    this.addSql(`drop function if exists "roles_roles_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "roles_page_changes_d" on "roles";`);
    this.addSql(`drop function if exists "roles_roles_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "roles_page_changes_t" on "roles";`);
    this.addSql(`drop function if exists "roles_roles_page_changes_t_fn"();`);
    this.addSql(`create trigger roles_page_generation after insert or update or delete or truncate on roles
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "sent_notifications_page_changes_i" on "sent_notifications";`);
    this.addSql(`drop function if exists "sent_notifications_sent_notifications_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "sent_notifications_page_changes_u" on "sent_notifications";`);
    this.addSql(`drop function if exists "sent_notifications_sent_notifications_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "sent_notifications_page_changes_d" on "sent_notifications";`);
    this.addSql(`drop function if exists "sent_notifications_sent_notifications_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "sent_notifications_page_changes_t" on "sent_notifications";`);
    this.addSql(`drop function if exists "sent_notifications_sent_notifications_page_changes_t_fn"();`);
    this.addSql(`create trigger sent_notifications_page_generation after insert or update or delete or truncate on sent_notifications
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "tags_page_changes_i" on "tags";`);
    this.addSql(`drop function if exists "tags_tags_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "tags_page_changes_u" on "tags";`);
    this.addSql(`drop function if exists "tags_tags_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "tags_page_changes_d" on "tags";`);
    this.addSql(`drop function if exists "tags_tags_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "tags_page_changes_t" on "tags";`);
    this.addSql(`drop function if exists "tags_tags_page_changes_t_fn"();`);
    this.addSql(`create trigger tags_page_generation after insert or update or delete or truncate on tags
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "team_invitations_page_changes_i" on "team_invitations";`);
    this.addSql(`drop function if exists "team_invitations_team_invitations_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "team_invitations_page_changes_u" on "team_invitations";`);
    this.addSql(`drop function if exists "team_invitations_team_invitations_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "team_invitations_page_changes_d" on "team_invitations";`);
    this.addSql(`drop function if exists "team_invitations_team_invitations_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "team_invitations_page_changes_t" on "team_invitations";`);
    this.addSql(`drop function if exists "team_invitations_team_invitations_page_changes_t_fn"();`);
    this.addSql(`create trigger team_invitations_page_generation after insert or update or delete or truncate on team_invitations
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "tenants_page_changes_i" on "tenants";`);
    this.addSql(`drop function if exists "tenants_tenants_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "tenants_page_changes_u" on "tenants";`);
    this.addSql(`drop function if exists "tenants_tenants_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "tenants_page_changes_d" on "tenants";`);
    this.addSql(`drop function if exists "tenants_tenants_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "tenants_page_changes_t" on "tenants";`);
    this.addSql(`drop function if exists "tenants_tenants_page_changes_t_fn"();`);
    this.addSql(`create trigger tenants_listing_generation after update of deleted_at or delete on tenants
  for each statement execute function bump_listing_generation();`);
    this.addSql(`create trigger tenants_page_generation after insert or update or delete or truncate on tenants
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "users_page_changes_i" on "users";`);
    this.addSql(`drop function if exists "users_users_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "users_page_changes_u" on "users";`);
    this.addSql(`drop function if exists "users_users_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "users_page_changes_d" on "users";`);
    this.addSql(`drop function if exists "users_users_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "users_page_changes_t" on "users";`);
    this.addSql(`drop function if exists "users_users_page_changes_t_fn"();`);
    this.addSql(`create trigger users_listing_generation after update of deleted_at or delete on users
  for each statement execute function bump_listing_generation();`);
    this.addSql(`create trigger users_page_generation after insert or update or delete or truncate on users
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "vouchers_page_changes_i" on "vouchers";`);
    this.addSql(`drop function if exists "vouchers_vouchers_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "vouchers_page_changes_u" on "vouchers";`);
    this.addSql(`drop function if exists "vouchers_vouchers_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "vouchers_page_changes_d" on "vouchers";`);
    this.addSql(`drop function if exists "vouchers_vouchers_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "vouchers_page_changes_t" on "vouchers";`);
    this.addSql(`drop function if exists "vouchers_vouchers_page_changes_t_fn"();`);
    this.addSql(`create trigger vouchers_page_generation after insert or update or delete or truncate on vouchers
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "waitlist_entries_page_changes_i" on "waitlist_entries";`);
    this.addSql(`drop function if exists "waitlist_entries_waitlist_entries_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "waitlist_entries_page_changes_u" on "waitlist_entries";`);
    this.addSql(`drop function if exists "waitlist_entries_waitlist_entries_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "waitlist_entries_page_changes_d" on "waitlist_entries";`);
    this.addSql(`drop function if exists "waitlist_entries_waitlist_entries_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "waitlist_entries_page_changes_t" on "waitlist_entries";`);
    this.addSql(`drop function if exists "waitlist_entries_waitlist_entries_page_changes_t_fn"();`);
    this.addSql(`create trigger waitlist_entries_page_generation after insert or update or delete or truncate on waitlist_entries
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "workshop_resources_page_changes_i" on "workshop_resources";`);
    this.addSql(`drop function if exists "workshop_resources_workshop_resources_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "workshop_resources_page_changes_u" on "workshop_resources";`);
    this.addSql(`drop function if exists "workshop_resources_workshop_resources_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "workshop_resources_page_changes_d" on "workshop_resources";`);
    this.addSql(`drop function if exists "workshop_resources_workshop_resources_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "workshop_resources_page_changes_t" on "workshop_resources";`);
    this.addSql(`drop function if exists "workshop_resources_workshop_resources_page_changes_t_fn"();`);
    this.addSql(`create trigger workshop_resources_page_generation after insert or update or delete or truncate on workshop_resources
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "workshop_schedules_page_changes_i" on "workshop_schedules";`);
    this.addSql(`drop function if exists "workshop_schedules_workshop_schedules_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "workshop_schedules_page_changes_u" on "workshop_schedules";`);
    this.addSql(`drop function if exists "workshop_schedules_workshop_schedules_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "workshop_schedules_page_changes_d" on "workshop_schedules";`);
    this.addSql(`drop function if exists "workshop_schedules_workshop_schedules_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "workshop_schedules_page_changes_t" on "workshop_schedules";`);
    this.addSql(`drop function if exists "workshop_schedules_workshop_schedules_page_changes_t_fn"();`);
    this.addSql(`create trigger workshop_schedules_listing_generation after insert or update or delete or truncate on workshop_schedules
  for each statement execute function bump_listing_generation();`);
    this.addSql(`create trigger workshop_schedules_page_generation after insert or update or delete or truncate on workshop_schedules
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "workshop_tags_page_changes_i" on "workshop_tags";`);
    this.addSql(`drop function if exists "workshop_tags_workshop_tags_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "workshop_tags_page_changes_u" on "workshop_tags";`);
    this.addSql(`drop function if exists "workshop_tags_workshop_tags_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "workshop_tags_page_changes_d" on "workshop_tags";`);
    this.addSql(`drop function if exists "workshop_tags_workshop_tags_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "workshop_tags_page_changes_t" on "workshop_tags";`);
    this.addSql(`drop function if exists "workshop_tags_workshop_tags_page_changes_t_fn"();`);
    this.addSql(`create trigger workshop_tags_page_generation after insert or update or delete or truncate on workshop_tags
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "workshop_templates_page_changes_i" on "workshop_templates";`);
    this.addSql(`drop function if exists "workshop_templates_workshop_templates_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "workshop_templates_page_changes_u" on "workshop_templates";`);
    this.addSql(`drop function if exists "workshop_templates_workshop_templates_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "workshop_templates_page_changes_d" on "workshop_templates";`);
    this.addSql(`drop function if exists "workshop_templates_workshop_templates_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "workshop_templates_page_changes_t" on "workshop_templates";`);
    this.addSql(`drop function if exists "workshop_templates_workshop_templates_page_changes_t_fn"();`);
    this.addSql(`create trigger workshop_templates_page_generation after insert or update or delete or truncate on workshop_templates
  for each statement execute function bump_page_generation();`);

    this.addSql(`drop trigger if exists "workshops_page_changes_i" on "workshops";`);
    this.addSql(`drop function if exists "workshops_workshops_page_changes_i_fn"();`);
    this.addSql(`drop trigger if exists "workshops_page_changes_u" on "workshops";`);
    this.addSql(`drop function if exists "workshops_workshops_page_changes_u_fn"();`);
    this.addSql(`drop trigger if exists "workshops_page_changes_d" on "workshops";`);
    this.addSql(`drop function if exists "workshops_workshops_page_changes_d_fn"();`);
    this.addSql(`drop trigger if exists "workshops_page_changes_t" on "workshops";`);
    this.addSql(`drop function if exists "workshops_workshops_page_changes_t_fn"();`);
    this.addSql(`create trigger workshops_page_generation after insert or update or delete or truncate on workshops
  for each statement execute function bump_page_generation();`);
  }

}
