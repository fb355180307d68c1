import { Migration } from '@mikro-orm/migrations';

export class Migration20261123165500_listing_index_seats extends Migration {

  override name = 'Migration20261123165500_listing_index_seats';

  override up(): void | Promise<void> {
    // Index reads cost about as much as table reads on SSDs: with the default (4) the planner
    // prefers scanning and sorting a whole table to walking the listing index for a short page.
    this.addSql(`do $$ begin execute format('alter database %I set random_page_cost = 1.1', current_database()); exception when others then null; end $$;`);

    // The seatsLeft filter reads seats_taken from the listing index too (index-only walk).
    this.addSql(`drop index if exists "workshop_schedules_listing_idx";`);
    this.addSql(`create index "workshop_schedules_listing_idx" on "workshop_schedules" ("start_date", "id") include ("end_date", "workshop_id", "coach_id", "tenant_id", "level", "mode", "country", "seats_taken") where deleted_at is null and status = 'PUBLISHED' and visibility = 'PUBLIC';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "workshop_schedules_listing_idx";`);
    this.addSql(`create index "workshop_schedules_listing_idx" on "workshop_schedules" ("start_date", "id") include ("end_date", "workshop_id", "coach_id", "tenant_id", "level", "mode", "country") where deleted_at is null and status = 'PUBLISHED' and visibility = 'PUBLIC';`);
    this.addSql(`do $$ begin execute format('alter database %I reset random_page_cost', current_database()); exception when others then null; end $$;`);
  }

}
