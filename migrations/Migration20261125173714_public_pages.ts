import { Migration } from '@mikro-orm/migrations';

export class Migration20261125173714_public_pages extends Migration {

  override name = 'Migration20261125173714_public_pages';

  override up(): void | Promise<void> {
    this.addSql(`alter table "workshop_templates" add "outcomes" text[] not null default '{}';`);

    this.addSql(`alter table "workshops" add "outcomes" text[] not null default '{}';`);

    this.addSql(`create index "workshop_schedules_sitemap_idx" on "workshop_schedules" ("start_date", "id") include ("end_date", "updated_at", "workshop_id", "coach_id", "tenant_id") where deleted_at is null and status = 'PUBLISHED' and visibility = 'PUBLIC';`);

    this.addSql(`alter table "workshop_resources" add "is_public" boolean not null default false;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "workshop_resources" drop column "is_public";`);

    this.addSql(`drop index "workshop_schedules_sitemap_idx";`);

    this.addSql(`alter table "workshop_templates" drop column "outcomes";`);

    this.addSql(`alter table "workshops" drop column "outcomes";`);
  }

}
