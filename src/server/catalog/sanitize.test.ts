import { describe, expect, it } from 'vitest';
import { renderCategoryIcon } from '#server/db/seed/svg-art.ts';
import { sanitizeDescription, sanitizeSvgIcon } from './service.ts';

const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<p onclick="alert(1)" style="background:url(javascript:alert(1))">hi</p>',
  '<svg onload=alert(1)><circle r="1"/></svg>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<a href="  JaVaScRiPt:alert(1)">x</a>',
  '<object data="x.swf"></object><embed src="x">',
  '"><script>alert(document.cookie)</script>',
  '<style>body{display:none}</style>',
  '<form action="https://evil.example"><input name=x></form>',
];

describe('sanitizeDescription', () => {
  it.each(XSS_PAYLOADS)('removes active content from %s', (payload) => {
    const clean = sanitizeDescription(`<p>Bom</p>${payload}`);
    expect(clean).toContain('<p>Bom</p>');
    expect(clean).not.toMatch(/<script|<iframe|<img|<object|<embed|<style|<form|<input|<svg|on\w+=|javascript:/i);
  });

  it('keeps formatting, lists and safe links', () => {
    const html = '<h3>Destaques</h3><ul><li><strong>Potência:</strong> 710 W</li></ul><a href="https://makita.com">site</a>';
    const clean = sanitizeDescription(html);
    expect(clean).toContain('<h3>Destaques</h3><ul><li><strong>Potência:</strong> 710 W</li></ul>');
    expect(clean).toContain('href="https://makita.com"');
    expect(clean).toContain('rel="noopener noreferrer nofollow"');
  });
});

describe('sanitizeSvgIcon', () => {
  it('accepts a plain SVG drawing and keeps its viewBox', () => {
    const icon = sanitizeSvgIcon('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0h24v24z" fill="#000"/></svg>');
    expect(icon).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0h24v24z" fill="#000"></path></svg>');
  });

  it('accepts the generated category icons', () => {
    expect(sanitizeSvgIcon(renderCategoryIcon('drill'))).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 200 200"/);
  });

  it.each([
    ['an image tag', '<img src="icon.png">'],
    ['a data URL', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4='],
    ['plain text', 'ferramentas'],
    ['HTML around an svg', '<div><svg><path d="M0 0"/></svg></div>'],
    ['an empty svg', '<svg xmlns="http://www.w3.org/2000/svg"></svg>'],
    ['an svg with only a script', '<svg><script>alert(1)</script></svg>'],
    ['an external image fill', '<svg><rect width="1" height="1" fill="url(https://evil.example/x)"/></svg>'],
    ['null', null],
    ['empty', ''],
  ])('refuses %s', (_name, markup) => {
    expect(sanitizeSvgIcon(markup)).toBeNull();
  });

  it.each([
    '<svg onload="alert(1)"><path d="M0 0"/></svg>',
    '<svg><path d="M0 0" onclick="alert(1)"/><script>alert(1)</script></svg>',
    '<svg><a href="javascript:alert(1)"><path d="M0 0"/></a></svg>',
    '<svg><foreignObject><img src=x onerror=alert(1)></foreignObject><path d="M0 0"/></svg>',
    '<svg><use href="https://evil.example/sprite.svg#x"/><path d="M0 0"/></svg>',
    '<svg><style>*{fill:red}</style><path d="M0 0" style="fill:url(javascript:alert(1))"/></svg>',
  ])('strips active content from %s', (markup) => {
    const icon = sanitizeSvgIcon(markup);
    expect(icon).not.toBeNull();
    expect(icon).not.toMatch(/script|on\w+=|javascript:|<use|<a\b|foreignobject|<img|<style|style=/i);
    expect(icon).toContain('<path d="M0 0"></path>');
  });
});
