import type { Generated, Selectable } from "kysely";
import type { Timestamp } from "./columns.server";

/** A patient's bag (app/models/bags.server.ts), found by the hash of its cookie's token. */
export interface BagsTable {
  token_hash: string;
  store_id: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}
export type Bag = Selectable<BagsTable>;

/** One product and size in a bag: what was chosen, never a price to charge. */
export interface BagLinesTable {
  bag_token_hash: string;
  product_id: string;
  option_label: string;
  quantity: number;
  seen_price_cents: number;
  added_at: Generated<Date>;
}
export type BagLine = Selectable<BagLinesTable>;

export interface BagTables {
  bags: BagsTable;
  bag_lines: BagLinesTable;
}
