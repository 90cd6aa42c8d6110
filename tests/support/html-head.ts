/** Small readers for the head of a server-rendered page (regex based: the markup is ours). */
function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export function getTitle(html: string): string {
  return decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
}

export function getMeta(html: string, name: string): string | null {
  const tag = new RegExp(`<meta[^>]+name="${name}"[^>]*>`).exec(html)?.[0];
  return tag ? decode(/content="([^"]*)"/.exec(tag)?.[1] ?? '') : null;
}

export function getLinks(html: string, rel: string): Array<{ href: string; hreflang: string | null }> {
  return [...html.matchAll(/<link\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => tag.includes(`rel="${rel}"`))
    .map((tag) => ({ href: decode(/href="([^"]*)"/.exec(tag)?.[1] ?? ''), hreflang: /hreflang="([^"]*)"/.exec(tag)?.[1] ?? null }));
}

export function getJsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1] ?? 'null'));
}
