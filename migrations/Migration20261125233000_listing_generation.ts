import { Migration } from '@mikro-orm/migrations';

/**
 * The marketplace listing's generation: a sequence that every statement writing what the public
 * listing shows moves on (schedules, and through the listing_cards touches their workshops, tags
 * and coaches; bookings for the confirmed seats; feedbacks for the ratings; tenants and users for
 * their soft delete). An app server keeps whole listing answers and serves one again only while
 * the sequence has not moved (src/modules/workshops/listing-memo.ts): one tiny read of the
 * sequence instead of the listing's statement, and a change made through any server shows on
 * every server at once. A sequence is never rolled back and takes no lock: writers never wait
 * on each other for it (a rolled-back write only costs the servers one reload).
 */
export class Migration20261125233000_listing_generation extends Migration {

  override name = 'Migration20261125233000_listing_generation';

  override up(): void | Promise<void> {
    this.addSql(`create sequence if not exists listing_generation;`);
    this.addSql(`create or replace function bump_listing_generation() returns trigger language plpgsql as $$
begin
  perform nextval('listing_generation');
  return null;
end $$;`);
    this.addSql(`create trigger workshop_schedules_listing_generation after insert or update or delete or truncate on workshop_schedules
  for each statement execute function bump_listing_generation();`);
    this.addSql(`create trigger bookings_listing_generation after insert or update or delete or truncate on bookings
  for each statement execute function bump_listing_generation();`);
    this.addSql(`create trigger feedbacks_listing_generation after insert or update or delete or truncate on feedbacks
  for each statement execute function bump_listing_generation();`);
    this.addSql(`create trigger tenants_listing_generation after update of deleted_at or delete on tenants
  for each statement execute function bump_listing_generation();`);
    this.addSql(`create trigger users_listing_generation after update of deleted_at or delete on users
  for each statement execute function bump_listing_generation();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists users_listing_generation on users;`);
    this.addSql(`drop trigger if exists tenants_listing_generation on tenants;`);
    this.addSql(`drop trigger if exists feedbacks_listing_generation on feedbacks;`);
    this.addSql(`drop trigger if exists bookings_listing_generation on bookings;`);
    this.addSql(`drop trigger if exists workshop_schedules_listing_generation on workshop_schedules;`);
    this.addSql(`drop function if exists bump_listing_generation();`);
    this.addSql(`drop sequence if exists listing_generation;`);
  }

}
