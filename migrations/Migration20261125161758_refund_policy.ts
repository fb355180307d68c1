import { Migration } from '@mikro-orm/migrations';

export class Migration20261125161758_refund_policy extends Migration {

  override name = 'Migration20261125161758_refund_policy';

  override up(): void | Promise<void> {
    this.addSql(`alter table "tenants" add "refund_policy" jsonb null;`);

    this.addSql(`alter table "workshops" add "refund_policy" jsonb null;`);

    this.addSql(`alter table "bookings" add "refund_amount" int null;`);
    // Every paid booking cancelled so far was refunded in full.
    this.addSql(`update "bookings" set "refund_amount" = "amount_paid" where "status" = 'CANCELLED' and "amount_paid" > 0;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "bookings" drop column "refund_amount";`);

    this.addSql(`alter table "tenants" drop column "refund_policy";`);

    this.addSql(`alter table "workshops" drop column "refund_policy";`);
  }

}
