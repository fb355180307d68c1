import { Migration } from '@mikro-orm/migrations';

export class Migration20261123160933_listing_indexes extends Migration {

  override name = 'Migration20261123160933_listing_indexes';

  override up(): void | Promise<void> {
    // Trigram operator classes for the text search indexes (ships with PostgreSQL's contrib).
    this.addSql(`create extension if not exists pg_trgm;`);

    this.addSql(`create index "users_coach_text_trgm_idx" on "users" using gin ((coalesce(username, '') || ' ' || coalesce(profile->>'firstName', '') || ' ' || coalesce(profile->>'lastName', '') || ' ' || coalesce(coach_profile->>'businessName', '')) gin_trgm_ops);`);

    this.addSql(`create index "workshops_text_trgm_idx" on "workshops" using gin ((coalesce(title, '') || ' ' || coalesce(description, '')) gin_trgm_ops);`);

    this.addSql(`drop index "workshop_schedules_public_idx";`);
    this.addSql(`create index "workshop_schedules_listing_idx" on "workshop_schedules" ("start_date", "id") include ("end_date", "workshop_id", "coach_id", "tenant_id", "level", "mode", "country") where deleted_at is null and status = 'PUBLISHED' and visibility = 'PUBLIC';`);
    this.addSql(`create index "workshop_schedules_listing_country_idx" on "workshop_schedules" ("country", "start_date", "id") include ("end_date", "workshop_id", "coach_id", "tenant_id", "level", "mode") where deleted_at is null and status = 'PUBLISHED' and visibility = 'PUBLIC';`);
    this.addSql(`create index "workshop_schedules_running_idx" on "workshop_schedules" using gist (tstzrange("start_date", greatest("start_date", "end_date"))) where deleted_at is null and status = 'PUBLISHED' and visibility = 'PUBLIC';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "users_coach_text_trgm_idx";`);

    this.addSql(`drop index "workshop_schedules_listing_idx";`);
    this.addSql(`drop index "workshop_schedules_listing_country_idx";`);
    this.addSql(`drop index "workshop_schedules_running_idx";`);
    this.addSql(`create index "workshop_schedules_public_idx" on "workshop_schedules" ("visibility", "status", "start_date");`);

    this.addSql(`drop index "workshops_text_trgm_idx";`);
  }

}
