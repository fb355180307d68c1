import { Migration } from '@mikro-orm/migrations';

export class Migration20261121065331_seat_holder_unique extends Migration {

  override name = 'Migration20261121065331_seat_holder_unique';

  override up(): void | Promise<void> {
    this.addSql(`create unique index "booking_seats_holder_unique" on "booking_seats" ("booking_id", "user_id") where status = 'ACCEPTED' and user_id is not null and deleted_at is null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "booking_seats_holder_unique";`);
  }

}
