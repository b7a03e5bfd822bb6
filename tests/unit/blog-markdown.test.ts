import { describe, expect, it } from "vitest";
import { renderMarkdown } from "~/server/markdown.server";

describe("post bodies: markdown rendered and sanitised", () => {
  it("renders markdown", () => {
    const html = renderMarkdown("Some **bold** and *em* text.\n\n- one\n- two\n\n> quote\n\n`code`");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<em>em</em>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain("<blockquote>");
    expect(html).toContain("<code>code</code>");
  });

  it("drops script and style elements with their contents", () => {
    const html = renderMarkdown(
      "Hi\n\n<script>alert('x')</script>\n\n<style>body{display:none}</style>\n\n<p>after</p>",
    );
    expect(html).not.toMatch(/<script|<style|alert|display:none/i);
    expect(html).toContain("<p>after</p>");
  });

  it("removes javascript:, data: and other unlisted link protocols, in any disguise", () => {
    const links = [
      "[a](javascript:alert(1))",
      "[b](JaVaScRiPt:alert(1))",
      "[c](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
      "[d](vbscript:msgbox(1))",
      "[e](ftp://example.com/file)",
      '<a href="&#106;avascript:alert(1)">f</a>',
      '<a href="java\tscript:alert(1)">g</a>',
      '<a href=" javascript:alert(1)">h</a>',
      "[i](//evil.example/path)",
    ];
    const html = renderMarkdown(links.join("\n\n"));
    expect(html).not.toMatch(/href=/);
    expect(html).not.toMatch(/javascript|vbscript|data:|ftp:|evil\.example/i);
  });

  it("keeps the allowed protocols and relative links", () => {
    const html = renderMarkdown(
      [
        "[http](http://example.com/a)",
        "[https](https://example.com/b)",
        "[irc](irc://irc.example.net/chan)",
        "[ircs](ircs://irc.example.net/chan)",
        "[mail](mailto:hello@example.com)",
        "[xmpp](xmpp:someone@example.com)",
        "[rel](/blog/other-post)",
        "[relative](other-post)",
        "[anchor](#section)",
      ].join(" "),
    );
    for (const href of [
      "http://example.com/a",
      "https://example.com/b",
      "irc://irc.example.net/chan",
      "ircs://irc.example.net/chan",
      "mailto:hello@example.com",
      "xmpp:someone@example.com",
      "/blog/other-post",
      "other-post",
      "#section",
    ]) {
      expect(html).toContain(`href="${href}"`);
    }
  });

  it("marks external links noopener noreferrer, not links to this site", () => {
    const html = renderMarkdown("[out](https://example.com/x) [home](http://localhost:3000/blog) [rel](/about)");
    expect(html).toContain('<a href="https://example.com/x" rel="noopener noreferrer">out</a>');
    expect(html).toContain('<a href="http://localhost:3000/blog">home</a>');
    expect(html).toContain('<a href="/about">rel</a>');
  });

  it("strips event handlers, inline styles and unknown attributes", () => {
    const html = renderMarkdown(
      '<p onclick="alert(1)" style="color:red" class="x" data-x="1">para</p>\n\n<img src="/a.png" onerror="alert(1)" style="width:1px" alt="a">\n\n<a href="/x" onmouseover="alert(1)" target="_top" rel="opener">l</a>',
    );
    expect(html).not.toMatch(/on(click|error|mouseover)|style=|class="x"|data-x|target=|opener"/i);
    expect(html).toContain("<p>para</p>");
    expect(html).toContain('src="/a.png"');
  });

  it("drops raw HTML that is not on the list (iframes, forms, objects, svg)", () => {
    const html = renderMarkdown(
      '<iframe src="https://evil.example"></iframe>\n\n<form action="/x"><input name="a"><button>Go</button></form>\n\n<object data="x.swf"></object>\n\n<svg onload="alert(1)"><circle/></svg>\n\n<div><b>kept text</b></div>\n\n<meta http-equiv="refresh" content="0;url=https://evil.example">',
    );
    expect(html).not.toMatch(/<iframe|<form|<input|<button|<object|<svg|<meta|<div|evil\.example/i);
    expect(html).toContain("<b>kept text</b>");
  });

  it("allows images with http(s) or relative sources only", () => {
    const html = renderMarkdown(
      '![ok](https://example.com/a.png) ![rel](/media/blog-images/b.png) ![bad](data:image/png;base64,AAAA) <img src="javascript:alert(1)">',
    );
    expect(html).toContain('src="https://example.com/a.png"');
    expect(html).toContain('src="/media/blog-images/b.png"');
    expect(html).not.toMatch(/data:|javascript:/);
    expect(html.match(/<img/g)).toHaveLength(2);
    expect(html).toContain('loading="lazy"');
  });

  it("gives headings unique slug ids and keeps the page's only h1 its title", () => {
    const html = renderMarkdown(
      "# Big Title\n\n## What Are Terpenes?\n\n## What Are Terpenes?\n\n### Main\n\n#### Dosing & *Timing*",
    );
    expect(html).toContain('<h2 id="big-title">Big Title</h2>');
    expect(html).toContain('<h2 id="what-are-terpenes">What Are Terpenes?</h2>');
    expect(html).toContain('<h2 id="what-are-terpenes-1">What Are Terpenes?</h2>');
    // "main" is the page's own landmark id.
    expect(html).toContain('<h3 id="main-1">Main</h3>');
    expect(html).toContain('<h4 id="dosing-timing">Dosing &amp; <em>Timing</em></h4>');
    expect(html).not.toContain("<h1");
    // A raw <h1> becomes an <h2>; an id that is not a slug is dropped.
    expect(renderMarkdown('<h1 id="x y" onclick="a()">Raw</h1>')).toBe("<h2>Raw</h2>");
  });

  it("escapes code and keeps tables", () => {
    const html = renderMarkdown("```html\n<script>alert(1)</script>\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |");
    expect(html).toContain('<code class="language-html">&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain("<table>");
    expect(html).toContain("<td>1</td>");
  });
});
