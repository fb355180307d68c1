import { Migration } from '@mikro-orm/migrations';

/**
 * The marketplace caches each public row's card by the schedule row's version (`xmin`). What a
 * card shows from other tables (the workshop, its tags, a tag's name and slug, the coach's public
 * profile) touches the schedule rows it shows on, in the same transaction, so their version
 * changes with it whatever makes the write.
 */
export class Migration20261123230000_listing_cards extends Migration {

  override name = 'Migration20261123230000_listing_cards';

  override up(): void | Promise<void> {
    this.addSql(`create index "bookings_earned_seats_idx" on "bookings" ("workshop_schedule_id") include ("seats") where deleted_at is null and status in ('CONFIRMED', 'COMPLETED', 'NO_SHOW');`);
    this.addSql(`create index "feedbacks_schedule_rating_idx" on "feedbacks" ("workshop_schedule_id") include ("rating") where deleted_at is null;`);
    this.addSql(`create index "feedbacks_coach_rating_idx" on "feedbacks" ("coach_id") include ("rating") where deleted_at is null;`);
    this.addSql(`create or replace function touch_listing_cards() returns trigger language plpgsql as $$
begin
  if TG_TABLE_NAME = 'workshops' then
    update workshop_schedules set updated_at = updated_at where workshop_id = new.id;
  elsif TG_TABLE_NAME = 'users' then
    update workshop_schedules set updated_at = updated_at where coach_id = new.id;
  elsif TG_TABLE_NAME = 'tags' then
    update workshop_schedules set updated_at = updated_at
      where workshop_id in (select wt.workshop_id from workshop_tags wt where wt.tag_id = new.id);
  elsif TG_OP = 'DELETE' then
    update workshop_schedules set updated_at = updated_at where workshop_id = old.workshop_id;
  else
    update workshop_schedules set updated_at = updated_at where workshop_id = new.workshop_id;
    if TG_OP = 'UPDATE' and old.workshop_id <> new.workshop_id then
      update workshop_schedules set updated_at = updated_at where workshop_id = old.workshop_id;
    end if;
  end if;
  return null;
end $$;`);
    this.addSql(`create trigger workshops_touch_listing_cards after update on workshops
  for each row when (old.* is distinct from new.*) execute function touch_listing_cards();`);
    this.addSql(`create trigger users_touch_listing_cards after update of username, avatar, profile, coach_profile on users
  for each row when (old.username is distinct from new.username or old.avatar is distinct from new.avatar
    or old.profile is distinct from new.profile or old.coach_profile is distinct from new.coach_profile)
  execute function touch_listing_cards();`);
    this.addSql(`create trigger tags_touch_listing_cards after update on tags
  for each row when (old.name is distinct from new.name or old.slug is distinct from new.slug) execute function touch_listing_cards();`);
    this.addSql(`create trigger workshop_tags_touch_listing_cards after insert or update or delete on workshop_tags
  for each row execute function touch_listing_cards();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists workshop_tags_touch_listing_cards on workshop_tags;`);
    this.addSql(`drop trigger if exists tags_touch_listing_cards on tags;`);
    this.addSql(`drop trigger if exists users_touch_listing_cards on users;`);
    this.addSql(`drop trigger if exists workshops_touch_listing_cards on workshops;`);
    this.addSql(`drop function if exists touch_listing_cards();`);
    this.addSql(`drop index if exists "feedbacks_coach_rating_idx";`);
    this.addSql(`drop index if exists "feedbacks_schedule_rating_idx";`);
    this.addSql(`drop index if exists "bookings_earned_seats_idx";`);
  }

}
