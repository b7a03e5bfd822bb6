import type { MoveDirection, MoveOutcome } from "~/lib/admin-list";
import { db } from "~/server/db.server";
import { type ActivityActor, recordRowChange, type RowActivity } from "./activity.server";
import { type OverrideFor, overrideFor, recordAdvertisingOverride } from "./ad-findings.server";
import { moveInOrder } from "./ordered-rows.server";
import { containsPattern } from "./like-pattern.server";
import type { Brand } from "~/server/schema.server";
import { lockRowForUpdate } from "./row-lock.server";
import { readUntilChanged } from "~/server/content-memo.server";

/** Every brand, in the order the admin set (sort_order, then name); optionally filtered by name. */
export async function listBrands(search?: string): Promise<Brand[]> {
  const all = async () =>
    (await db()).selectFrom("brands").selectAll().orderBy("sort_order", "asc").orderBy("name", "asc");
  const q = search?.trim();
  // The whole list is what pages read (kept until the table changes); a search's words are not kept.
  if (q) return (await all()).where("name", "ilike", containsPattern(q)).execute();
  return readUntilChanged("brands all", async () => (await all()).execute());
}

/** One page of the admin list (sort_order, then name, then id so pages never overlap), and the total. */
export async function listBrandsPage(page: number, pageSize: number): Promise<{ brands: Brand[]; total: number }> {
  const database = await db();
  const [brands, count] = await Promise.all([
    database
      .selectFrom("brands")
      .selectAll()
      .orderBy("sort_order", "asc")
      .orderBy("name", "asc")
      .orderBy("id", "asc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    database
      .selectFrom("brands")
      .select((eb) => eb.fn.countAll<string>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return { brands, total: Number(count.total) };
}

/** Brands marked featured, for the home page carousel. */
export function listFeaturedBrands(): Promise<Brand[]> {
  return readUntilChanged("brands featured", async () => {
    return (await db())
      .selectFrom("brands")
      .selectAll()
      .where("is_featured", "=", true)
      .orderBy("sort_order", "asc")
      .orderBy("name", "asc")
      .execute();
  });
}

export interface BrandInput {
  name: string;
  logoUrl: string;
  logoKey?: string | null;
  siteUrl?: string | null;
  isFeatured?: boolean;
  sortOrder?: number;
}

/** The fields an admin edits, as the activity log compares them (the logo by its address). */
const BRAND_FIELDS = ["name", "logo_url", "site_url", "is_featured", "sort_order"] as const;

function brandValues(input: BrandInput) {
  return {
    name: input.name.trim(),
    logo_url: input.logoUrl,
    logo_key: input.logoKey ?? null,
    site_url: input.siteUrl || null,
    is_featured: input.isFeatured ?? true,
    sort_order: input.sortOrder ?? 0,
  };
}

/** A brand in the activity log: its name as the title, and the fields an admin edits. */
const BRAND_ACTIVITY: RowActivity<Brand> = {
  subject: (brand) => ({ type: "brand", id: brand.id, title: brand.name }),
  fields: BRAND_FIELDS,
};

/** An admin adds a brand: the row and its activity entry in one transaction. */
export async function createBrand(
  input: BrandInput,
  actor: ActivityActor,
  override?: OverrideFor<Brand>,
): Promise<Brand> {
  return (await db()).transaction().execute(async (trx) => {
    const brand = await trx.insertInto("brands").values(brandValues(input)).returningAll().executeTakeFirstOrThrow();
    await recordRowChange(trx, "brand.create", actor, BRAND_ACTIVITY, null, brand);
    const decided = overrideFor(override, undefined);
    if (decided) await recordAdvertisingOverride(trx, actor, BRAND_ACTIVITY.subject(brand), decided);
    return brand;
  });
}

/** Inserts a brand without an activity entry: the demo seed and test fixtures, never an admin's write. */
export async function insertBrand(input: BrandInput): Promise<Brand> {
  return (await db()).insertInto("brands").values(brandValues(input)).returningAll().executeTakeFirstOrThrow();
}

export async function getBrand(id: string): Promise<Brand | undefined> {
  return (await db()).selectFrom("brands").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Updates a brand; returns the previous row (so a replaced uploaded logo can be removed). */
export async function updateBrand(
  id: string,
  input: BrandInput,
  actor: ActivityActor,
  /** The owner published words with advertising findings anyway: kept in the activity log. */
  override?: OverrideFor<Brand>,
): Promise<{ before: Brand; after: Brand } | undefined> {
  return (await db()).transaction().execute(async (trx) => {
    const before = await lockRowForUpdate(trx, "brands", id);
    if (!before) return undefined;
    const after = await trx
      .updateTable("brands")
      .set({
        name: input.name.trim(),
        logo_url: input.logoUrl,
        logo_key: input.logoKey === undefined ? before.logo_key : input.logoKey,
        site_url: input.siteUrl || null,
        is_featured: input.isFeatured ?? true,
        sort_order: input.sortOrder ?? 0,
        updated_at: new Date(),
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordRowChange(trx, "brand.update", actor, BRAND_ACTIVITY, before, after);
    const decided = overrideFor(override, before);
    if (decided) await recordAdvertisingOverride(trx, actor, BRAND_ACTIVITY.subject(after), decided);
    return { before, after };
  });
}

/** Deletes a brand; returns it (so an uploaded logo can be removed), or undefined when it did not exist. */
export async function deleteBrand(id: string, actor: ActivityActor): Promise<Brand | undefined> {
  return (await db()).transaction().execute(async (trx) => {
    const brand = await trx.deleteFrom("brands").where("id", "=", id).returningAll().executeTakeFirst();
    if (!brand) return undefined;
    await recordRowChange(trx, "brand.delete", actor, BRAND_ACTIVITY, brand, null);
    return brand;
  });
}

/** Moves one place up or down the order (see moveInOrder); 'edge' when it is already first or last. */
export function moveBrand(id: string, direction: MoveDirection, actor: ActivityActor): Promise<MoveOutcome> {
  return moveInOrder("brands", id, direction, { kind: "brand.move", actor, subject: BRAND_ACTIVITY.subject });
}
