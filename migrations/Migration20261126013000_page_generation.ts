import { Migration } from '@mikro-orm/migrations';

/**
 * The pages' generation: a sequence that every statement writing a table the signed-in pages
 * show moves on (every table but the sessions, one-time codes, rate limits, personal access
 * tokens and the webhook log, which requests write all the time and no kept page shows). An
 * app server keeps the whole HTML of the pages that ask for it (the /b and /c dashboards) and
 * serves it again only while the sequence has not moved (src/pages/page-memo.ts): a change
 * made through any server shows on every server at once. A sequence is never rolled back and
 * takes no lock: writers never wait on each other for it.
 */
export class Migration20261126013000_page_generation extends Migration {

  override name = 'Migration20261126013000_page_generation';

  override up(): void | Promise<void> {
    this.addSql(`create sequence if not exists page_generation;`);
    this.addSql(`create or replace function bump_page_generation() returns trigger language plpgsql as $$
begin
  perform nextval('page_generation');
  return null;
end $$;`);
    this.addSql(`create trigger team_invitations_page_generation after insert or update or delete or truncate on team_invitations
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger users_page_generation after insert or update or delete or truncate on users
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger feedbacks_page_generation after insert or update or delete or truncate on feedbacks
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger vouchers_page_generation after insert or update or delete or truncate on vouchers
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger sent_notifications_page_generation after insert or update or delete or truncate on sent_notifications
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger mail_opt_outs_page_generation after insert or update or delete or truncate on mail_opt_outs
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger job_postings_page_generation after insert or update or delete or truncate on job_postings
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger job_applications_page_generation after insert or update or delete or truncate on job_applications
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger files_page_generation after insert or update or delete or truncate on files
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger roles_page_generation after insert or update or delete or truncate on roles
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger permissions_page_generation after insert or update or delete or truncate on permissions
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger tenants_page_generation after insert or update or delete or truncate on tenants
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger memberships_page_generation after insert or update or delete or truncate on memberships
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger payments_page_generation after insert or update or delete or truncate on payments
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger invoices_page_generation after insert or update or delete or truncate on invoices
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger connected_accounts_page_generation after insert or update or delete or truncate on connected_accounts
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger payout_transfers_page_generation after insert or update or delete or truncate on payout_transfers
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger payout_reversals_page_generation after insert or update or delete or truncate on payout_reversals
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger connect_payouts_page_generation after insert or update or delete or truncate on connect_payouts
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger bookings_page_generation after insert or update or delete or truncate on bookings
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger booking_seats_page_generation after insert or update or delete or truncate on booking_seats
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger booking_reschedules_page_generation after insert or update or delete or truncate on booking_reschedules
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger waitlist_entries_page_generation after insert or update or delete or truncate on waitlist_entries
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger workshop_schedules_page_generation after insert or update or delete or truncate on workshop_schedules
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger workshops_page_generation after insert or update or delete or truncate on workshops
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger workshop_tags_page_generation after insert or update or delete or truncate on workshop_tags
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger workshop_templates_page_generation after insert or update or delete or truncate on workshop_templates
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger tags_page_generation after insert or update or delete or truncate on tags
  for each statement execute function bump_page_generation();`);
    this.addSql(`create trigger workshop_resources_page_generation after insert or update or delete or truncate on workshop_resources
  for each statement execute function bump_page_generation();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists workshop_resources_page_generation on workshop_resources;`);
    this.addSql(`drop trigger if exists tags_page_generation on tags;`);
    this.addSql(`drop trigger if exists workshop_templates_page_generation on workshop_templates;`);
    this.addSql(`drop trigger if exists workshop_tags_page_generation on workshop_tags;`);
    this.addSql(`drop trigger if exists workshops_page_generation on workshops;`);
    this.addSql(`drop trigger if exists workshop_schedules_page_generation on workshop_schedules;`);
    this.addSql(`drop trigger if exists waitlist_entries_page_generation on waitlist_entries;`);
    this.addSql(`drop trigger if exists booking_reschedules_page_generation on booking_reschedules;`);
    this.addSql(`drop trigger if exists booking_seats_page_generation on booking_seats;`);
    this.addSql(`drop trigger if exists bookings_page_generation on bookings;`);
    this.addSql(`drop trigger if exists connect_payouts_page_generation on connect_payouts;`);
    this.addSql(`drop trigger if exists payout_reversals_page_generation on payout_reversals;`);
    this.addSql(`drop trigger if exists payout_transfers_page_generation on payout_transfers;`);
    this.addSql(`drop trigger if exists connected_accounts_page_generation on connected_accounts;`);
    this.addSql(`drop trigger if exists invoices_page_generation on invoices;`);
    this.addSql(`drop trigger if exists payments_page_generation on payments;`);
    this.addSql(`drop trigger if exists memberships_page_generation on memberships;`);
    this.addSql(`drop trigger if exists tenants_page_generation on tenants;`);
    this.addSql(`drop trigger if exists permissions_page_generation on permissions;`);
    this.addSql(`drop trigger if exists roles_page_generation on roles;`);
    this.addSql(`drop trigger if exists files_page_generation on files;`);
    this.addSql(`drop trigger if exists job_applications_page_generation on job_applications;`);
    this.addSql(`drop trigger if exists job_postings_page_generation on job_postings;`);
    this.addSql(`drop trigger if exists mail_opt_outs_page_generation on mail_opt_outs;`);
    this.addSql(`drop trigger if exists sent_notifications_page_generation on sent_notifications;`);
    this.addSql(`drop trigger if exists vouchers_page_generation on vouchers;`);
    this.addSql(`drop trigger if exists feedbacks_page_generation on feedbacks;`);
    this.addSql(`drop trigger if exists users_page_generation on users;`);
    this.addSql(`drop trigger if exists team_invitations_page_generation on team_invitations;`);
    this.addSql(`drop function if exists bump_page_generation();`);
    this.addSql(`drop sequence if exists page_generation;`);
  }

}
