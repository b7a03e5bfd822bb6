// The advertising checker against its labelled evaluation set (issue 37): 378 sentences written without
// seeing the rules, half that should be flagged and half near misses. A rule change that loses recall or
// raises false alarms past the line fails here; `npm run bench:ad-rules` shows the numbers by kind.
import { describe, expect, it } from "vitest";
import { loadEvalSet, scoreEvalSet } from "../support/ad-rules-eval";

describe("the advertising checker on its evaluation set", () => {
  const { items } = loadEvalSet();
  const { all } = scoreEvalSet(items);
  const list = (found: { text: string }[]) => found.map((item) => item.text);

  it("is a set of at least 300 sentences, about half of them to flag", () => {
    expect(items.length).toBeGreaterThanOrEqual(300);
    expect(all.positives / items.length).toBeGreaterThan(0.4);
    expect(all.nearMisses / items.length).toBeGreaterThan(0.4);
  });

  it("flags at least 90 % of the sentences that break a rule", () => {
    expect(all.recall, `missed:\n${list(all.missed).join("\n")}`).toBeGreaterThanOrEqual(0.9);
  });

  it("flags at most 5 % of the near misses", () => {
    expect(all.falseAlarmRate, `false alarms:\n${list(all.alarms).join("\n")}`).toBeLessThanOrEqual(0.05);
  });
});
