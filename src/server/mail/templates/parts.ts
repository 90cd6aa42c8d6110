import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { createElement as h, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { mailMessages } from '#lib/i18n/mail.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';

// The parts every e-mail is made of (decision 1200). Templates are plain .ts calling React's
// createElement (`h`): the job worker runs under Node's type stripping, which reads no JSX. The
// react-email components come from their own packages: the @react-email/components barrel
// also loads Tailwind, Prism and marked, 3 s instead of 0.2 s for the first e-mail.

/** The storefront an e-mail speaks for: its name, its public origin (every link and picture), its logo. */
export interface MailBrand {
  name: string;
  origin: string;
  logoUrl: string;
  /** The store's address and first phone and e-mail, for the footer; '' before the store details are saved. */
  contact: string;
}

/** What every template is rendered with: the reader's language and the storefront's brand. */
export interface MailContext {
  locale: Locale;
  brand: MailBrand;
}

/**
 * One e-mail: its subject and its body, both from the props and the context. The text part is
 * the HTML's text (toPlainText), so a template writes its words once.
 */
export interface MailTemplate<Props> {
  subject(props: Props, context: MailContext): string;
  body(props: Props, context: MailContext): ReactElement;
}

/** Types a template (an identity): `export const fooMail = defineMailTemplate<FooProps>({ subject, body })`. */
export function defineMailTemplate<Props>(template: MailTemplate<Props>): MailTemplate<Props> {
  return template;
}

/** The storefront's colours (src/styles/global.css: --green-800, --yellow, --ink, --ink-2, --line, --bg). */
export const COLOURS = { brand: '#0f5a2a', accent: '#f7b500', ink: '#1d2522', muted: '#4d5753', line: '#dfe3e1', page: '#f5f7f6' };

/** react-email's toPlainText leaves out what carries this (the logo header, the button's written link). */
const skipInText: Record<string, string> = { 'data-skip-in-text': 'true' };

const FONT = 'Arial, Helvetica, sans-serif';
const text: CSSProperties = { fontSize: '15px', lineHeight: '22px', color: COLOURS.ink, margin: '0 0 14px' };

/** The frame: logo and name on top (left out of the text part), the content, the footer with the shop's link. */
export function MailLayout({ context, preview, children }: { context: MailContext; preview: string; children?: ReactNode }) {
  const { brand, locale } = context;
  const t = createTranslator(mailMessages, locale);
  return h(
    Html,
    { lang: locale },
    h(Head, null, h('title', null, preview)),
    h(Preview, null, preview),
    h(
      Body,
      { style: { backgroundColor: COLOURS.page, fontFamily: FONT, margin: 0, padding: '16px 0' } },
      h(
        Container,
        { style: { backgroundColor: '#ffffff', maxWidth: '600px', borderTop: `4px solid ${COLOURS.brand}`, padding: '0 20px' } },
        h(
          Section,
          { ...skipInText, style: { padding: '16px 0 8px' } },
          h(
            Link,
            { href: `${brand.origin}/` },
            h(Img, {
              src: brand.logoUrl,
              alt: brand.name,
              width: 48,
              height: 48,
              style: { display: 'inline-block', verticalAlign: 'middle' },
            }),
            h(
              'span',
              { style: { color: COLOURS.brand, fontSize: '18px', fontWeight: 700, marginLeft: '10px', verticalAlign: 'middle' } },
              brand.name,
            ),
          ),
        ),
        h(Section, { style: { padding: '8px 0' } }, children),
        h(Hr, { style: { borderColor: COLOURS.line, margin: '8px 0' } }),
        h(
          Text,
          { style: { ...text, fontSize: '12px', lineHeight: '18px', color: COLOURS.muted } },
          t('footer', { shop: brand.name }),
          ' ',
          h(Link, { href: brand.origin, style: { color: COLOURS.brand } }, brand.origin),
        ),
        brand.contact
          ? h(Text, { style: { ...text, fontSize: '12px', lineHeight: '18px', color: COLOURS.muted, marginTop: 0 } }, brand.contact)
          : null,
      ),
    ),
  );
}

/** 'Olá, Ana.' */
export function Greeting({ name, context }: { name: string; context: MailContext }) {
  return h(Text, { style: text }, createTranslator(mailMessages, context.locale)('greeting', { name }));
}

/** A paragraph; `strong` for the line the reader must not miss. */
export function Paragraph({ children, strong = false }: { children?: ReactNode; strong?: boolean }) {
  return h(Text, { style: strong ? { ...text, fontWeight: 700 } : text }, children);
}

/** The e-mail's one action, as a button, with its address written below for a client that shows no button. */
export function Action({ href, label, context }: { href: string; label: string; context: MailContext }) {
  const t = createTranslator(mailMessages, context.locale);
  return h(
    Section,
    { style: { margin: '8px 0 16px' } },
    h(
      Button,
      {
        href,
        style: {
          backgroundColor: COLOURS.brand,
          color: '#ffffff',
          borderRadius: '8px',
          padding: '12px 20px',
          fontSize: '15px',
          fontWeight: 700,
          textDecoration: 'none',
        },
      },
      label,
    ),
    h(
      Text,
      { ...skipInText, style: { ...text, fontSize: '12px', color: COLOURS.muted, margin: '10px 0 0' } },
      t('linkFallback'),
      ' ',
      h(Link, { href, style: { color: COLOURS.brand, wordBreak: 'break-all' } }, href),
    ),
  );
}

/** Lines kept as written (an address, a tracking note), one under the other. */
export function Lines({ lines }: { lines: readonly string[] }) {
  return h(
    Text,
    { style: text },
    lines.flatMap((line, index) => (index === 0 ? [line] : [h('br', { key: index }), line])),
  );
}
