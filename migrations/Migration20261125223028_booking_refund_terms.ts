import { Migration } from '@mikro-orm/migrations';

export class Migration20261125223028_booking_refund_terms extends Migration {

  override name = 'Migration20261125223028_booking_refund_terms';

  override up(): void | Promise<void> {
    this.addSql(`alter table "bookings" add "refund_terms" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "bookings" drop column "refund_terms";`);
  }

}
