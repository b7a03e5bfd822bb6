// One visitor's requests without a browser: its cookies kept between requests (the age gate's passed), forms
// posted from the site's own origin, redirects left for the caller to read.
export type VisitorRequest = (
  path: string,
  form?: Record<string, string>,
) => Promise<{ response: Response; html: string }>;

export function cookieJarClient(baseUrl: string): VisitorRequest {
  const cookies = new Map<string, string>([["ageVerified", String(Date.now())]]);
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  return async (path, form) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        Cookie: cookieHeader(),
        Accept: "text/html",
        ...(form ? { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return { response, html: response.status < 300 || response.status >= 400 ? await response.text() : "" };
  };
}

/**
 * The first product on the site's /menu that can be added to a bag (in stock, with Add to bag on its page):
 * its page, and the form's slug and first size.
 */
export async function findOrderableProduct(
  visit: VisitorRequest,
): Promise<{ path: string; slug: string; option: string }> {
  const menu = await visit("/menu");
  for (const [, path] of menu.html.matchAll(/href="(\/menu\/[a-z0-9-]+\/[a-z0-9-]+)"/g)) {
    const page = await visit(path);
    const slug = /name="slug" value="([^"]+)"/.exec(page.html)?.[1];
    const option = /name="option" value="([^"]+)"/.exec(page.html)?.[1];
    if (slug && option) return { path, slug, option };
  }
  throw new Error("No product on /menu can be added to a bag");
}
