import { describe, expect, it } from "vitest";
import type { ColumnMapping } from "~/lib/catalog";
import { advertisingPhrases, POS_CSV_MAX_BYTES, readPosCsv, readPosCsvHeader } from "~/services/catalog/pos-csv.server";

// A POS export as one is really written: its own column names, one row per option and store.
const MAPPING: ColumnMapping = {
  name: "Product Name",
  brand: "Brand",
  category: "Category",
  strainType: "Strain",
  thc: "THC",
  option: "Size",
  priceMedical: "Med Price",
  priceSpecial: "Sale Price",
  stock: "Qty",
  externalId: "SKU",
  store: "Location",
  description: "Description",
};
const HEADER = "SKU,Product Name,Brand,Category,Strain,THC,Size,Med Price,Sale Price,Qty,Location,Description";
const csv = (...lines: string[]) => new TextEncoder().encode([HEADER, ...lines].join("\r\n"));

function products(bytes: Uint8Array, mapping: ColumnMapping = MAPPING) {
  const result = readPosCsv(bytes, mapping);
  if (!result.ok) throw new Error(result.error);
  return result;
}

function refusal(bytes: Uint8Array, mapping: ColumnMapping = MAPPING) {
  const result = readPosCsv(bytes, mapping);
  if (result.ok) throw new Error("the file was read");
  return result.error;
}

describe("reading a POS inventory export", () => {
  it("groups a product's rows into its options and its stock per store", () => {
    const { products: read } = products(
      csv(
        'BD-1,Blue Dream,Sunny Farms,Flower,Sativa,24.5%,3.5g,$35.00,$28,12,Lindsey,"Sweet, berry aroma."',
        "BD-1,Blue Dream,Sunny Farms,Flower,Sativa,24.5%,7g,$65.00,,0,Lindsey,",
        "BD-1,Blue Dream,Sunny Farms,Flower,Sativa,24.5%,3.5g,$35.00,$28,0,Blue Water,",
      ),
    );
    expect(read).toEqual([
      {
        externalId: "BD-1",
        name: "Blue Dream",
        brand: "Sunny Farms",
        category: "flower",
        strainType: "sativa",
        thc: { value: 24.5, unit: "%" },
        cbd: null,
        description: "Sweet, berry aroma.",
        imageUrl: null,
        options: [
          { label: "3.5g", priceMedicalCents: 3500, priceSpecialCents: 2800 },
          { label: "7g", priceMedicalCents: 6500, priceSpecialCents: null },
        ],
        inStock: { Lindsey: true, BlueWater: false },
      },
    ]);
  });

  it("reads a byte-order mark, CRLF line ends, quoted commas and quotes, and skips empty rows", () => {
    const bytes = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...csv('G-2,"Gummies, ""Sour"" Mix",Kiva,Edibles,,100mg,10 pack,"$1,020.50",,5,both,', "", ",,,,,,,,,,,"),
    ]);
    const [gummies] = products(bytes).products;
    expect(gummies.name).toBe('Gummies, "Sour" Mix');
    expect(gummies.thc).toEqual({ value: 100, unit: "mg" });
    expect(gummies.options[0].priceMedicalCents).toBe(102050);
    expect(gummies.inStock).toEqual({ Lindsey: true, BlueWater: true });
    expect(readPosCsvHeader(bytes)?.[0]).toBe("SKU");
  });

  it("keeps a cell that looks like a formula as text", () => {
    const [product] = products(csv('=1+1,"=HYPERLINK(""x"")",@brand,Vapes,Hybrid,,1g,40,,3,,+note')).products;
    expect(product.externalId).toBe("=1+1");
    expect(product.name).toBe('=HYPERLINK("x")');
    expect(product.brand).toBe("@brand");
    expect(product.description).toBe("+note");
  });

  it("names the row (as a spreadsheet numbers it) and the reason when a row cannot be read", () => {
    expect(refusal(csv("A-1,Alpha,B,Flower,,,1g,10,,1,,", "A-2,,B,Flower,,,1g,10,,1,,"))).toBe(
      "Row 3: the name is empty.",
    );
    expect(refusal(csv("A-1,Alpha,B,Flowerz,,,1g,10,,1,,"))).toMatch(/^Row 2: the category “Flowerz” is not one of/);
    expect(refusal(csv("A-1,Alpha,B,Flower,,,1g,ten,,1,,"))).toBe(
      "Row 2: the medical price “ten” is not an amount in dollars.",
    );
    expect(refusal(csv("A-1,Alpha,B,Flower,,,1g,10,,1,Tulsa,"))).toBe(
      "Row 2: the store “Tulsa” is not Lindsey, Blue Water or both.",
    );
    expect(refusal(csv("A-1,Alpha,B,Flower,,,1g,10,,many,,"))).toBe(
      "Row 2: the quantity “many” is not a number or yes/no.",
    );
  });

  it("reads an optional net-weight column into each size (grams, or a weight in words); a bad one names its row", () => {
    const header = "SKU,Product Name,Category,Size,Med Price,Net Weight";
    const file = (...lines: string[]) => new TextEncoder().encode([header, ...lines].join("\n"));
    const mapping: ColumnMapping = {
      externalId: "SKU",
      name: "Product Name",
      category: "Category",
      option: "Size",
      priceMedical: "Med Price",
      netWeight: "Net Weight",
    };
    const result = readPosCsv(
      file("G-1,Gummies,Edibles,10 pack,20,45g", "G-1,Gummies,Edibles,20 pack,35,90", "G-2,Chews,Edibles,100mg,15,"),
      mapping,
    );
    if (!result.ok) throw new Error(result.error);
    const [gummies, chews] = result.products;
    expect(gummies.options.map((option) => [option.label, option.netWeightGrams])).toEqual([
      ["10 pack", 45],
      ["20 pack", 90],
    ]);
    expect(chews.options[0].netWeightGrams).toBeUndefined();
    const refused = readPosCsv(file("G-1,Gummies,Edibles,10 pack,20,heavy"), mapping);
    expect(refused.ok ? "" : refused.error).toBe("Row 2: the net weight “heavy” is not a weight, like 100 or 100g.");
  });

  it("refuses a mapping to a column the file does not have, and a required field left unmapped", () => {
    expect(refusal(csv("A-1,Alpha,B,Flower,,,1g,10,,1,,"), { ...MAPPING, priceMedical: "Price" })).toBe(
      "The column “Price” (mapped to Medical price) is not in this file.",
    );
    expect(refusal(csv("A-1,Alpha,B,Flower,,,1g,10,,1,,"), { ...MAPPING, name: undefined })).toBe(
      "Choose the column that holds the name.",
    );
  });

  it("refuses a file over 20 MB before reading it, and a broken CSV with a clear reason", () => {
    expect(refusal(new Uint8Array(POS_CSV_MAX_BYTES + 1))).toBe("The file is larger than 20 MB.");
    expect(refusal(csv('A-1,"Alpha,B,Flower,,,1g,10,,1,,'))).toMatch(/^The file is not a valid CSV: /);
    expect(readPosCsvHeader(new Uint8Array(POS_CSV_MAX_BYTES + 1))).toBeNull();
  });

  it("without a stock column every listed product is in stock; an empty quantity is none on hand", () => {
    const { stock: _stock, ...withoutStock } = MAPPING;
    expect(products(csv("A-1,Alpha,B,Flower,,,1g,10,,,,"), withoutStock).products[0].inStock).toEqual({
      Lindsey: true,
      BlueWater: true,
    });
    expect(products(csv("A-1,Alpha,B,Flower,,,1g,10,,,,")).products[0].inStock).toEqual({
      Lindsey: false,
      BlueWater: false,
    });
  });

  it("lists the descriptions with advertising findings (the site's checker), for the owner to edit", () => {
    const result = products(csv("A-1,Alpha,B,Flower,,,1g,10,,1,,Helps relieve pain and treats insomnia."));
    expect(result.adFindings).toEqual([{ row: 2, name: "Alpha", words: ["relieve pain", "treats insomnia"] }]);
    expect(advertisingPhrases("A calm, earthy flower. Get wasted!")).toEqual(["get wasted"]);
    expect(advertisingPhrases("A calm, earthy flower.")).toEqual([]);
  });
});
