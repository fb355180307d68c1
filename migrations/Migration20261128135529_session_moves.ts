import { Migration } from '@mikro-orm/migrations';

export class Migration20261128135529_session_moves extends Migration {

  override name = 'Migration20261128135529_session_moves';

  override up(): void | Promise<void> {
    this.addSql(`alter table "booking_reschedules" add "from_starts_at" timestamptz null, add "to_starts_at" timestamptz null;`);
    this.addSql(`alter table "booking_reschedules" alter column "from_schedule_id" drop not null;`);
    this.addSql(`alter table "booking_reschedules" alter column "to_schedule_id" drop not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "booking_reschedules" drop column "from_starts_at", drop column "to_starts_at";`);
    this.addSql(`alter table "booking_reschedules" alter column "from_schedule_id" set not null;`);
    this.addSql(`alter table "booking_reschedules" alter column "to_schedule_id" set not null;`);
  }

}
