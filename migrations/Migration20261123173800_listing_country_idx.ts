import { Migration } from '@mikro-orm/migrations';

export class Migration20261123173800_listing_country_idx extends Migration {

  override name = 'Migration20261123173800_listing_country_idx';

  override up(): void | Promise<void> {
    // Only queries that filter by country may use it (the planner took it for whole-list scans).
    this.addSql(`drop index if exists "workshop_schedules_listing_country_idx";`);
    this.addSql(`create index "workshop_schedules_listing_country_idx" on "workshop_schedules" ("country", "start_date", "id") include ("end_date", "workshop_id", "coach_id", "tenant_id", "level", "mode") where deleted_at is null and status = 'PUBLISHED' and visibility = 'PUBLIC' and country is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "workshop_schedules_listing_country_idx";`);
    this.addSql(`create index "workshop_schedules_listing_country_idx" on "workshop_schedules" ("country", "start_date", "id") include ("end_date", "workshop_id", "coach_id", "tenant_id", "level", "mode") where deleted_at is null and status = 'PUBLISHED' and visibility = 'PUBLIC';`);
  }

}
