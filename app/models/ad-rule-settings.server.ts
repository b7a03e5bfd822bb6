import { z } from "zod";
import { AD_RULE_KINDS, type AdRuleKind } from "~/lib/ad-rules/rules";
import type { DB } from "~/server/db.server";
import { type ActivityActor, changedFields, recordActivity } from "./activity.server";
import { readUntilChanged } from "~/server/content-memo.server";
import { readSetting, saveInTransaction, writeSetting } from "./site-settings-rows.server";

// Which of the advertising checker's kinds of rule the owner turned off (Admin → Settings → Advertising
// rules). Only kinds can be turned off, never the rules' table itself; a missing or malformed value reads as
// every kind on.

const KEY = "adRules";
const KINDS = AD_RULE_KINDS.map((entry) => entry.kind) as [AdRuleKind, ...AdRuleKind[]];
const storedSchema = z.object({ disabled: z.array(z.enum(KINDS)) });

export async function getDisabledAdRules(executor?: DB): Promise<AdRuleKind[]> {
  const read = async () => {
    const parsed = storedSchema.safeParse(await readSetting(KEY, executor));
    return parsed.success ? [...new Set(parsed.data.disabled)] : [];
  };
  return executor ? read() : readUntilChanged(`settings ${KEY}`, read);
}

/** Saves which kinds are off, with the activity row in the same transaction. */
export async function saveDisabledAdRules(disabled: AdRuleKind[], actor: ActivityActor): Promise<void> {
  const next = KINDS.filter((kind) => disabled.includes(kind));
  await saveInTransaction(async (trx) => {
    const before = await getDisabledAdRules(trx);
    await writeSetting(KEY, { disabled: next }, trx);
    const on = (list: AdRuleKind[]) =>
      Object.fromEntries(KINDS.map((kind) => [kind, list.includes(kind) ? "off" : "on"]));
    await recordActivity(trx, {
      kind: "settings.update",
      actor,
      subject: { type: "settings", id: KEY, title: "Advertising rules" },
      changes: changedFields(on(before), on(next), KINDS),
    });
  });
}
