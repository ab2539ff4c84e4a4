/**
 * The HTML part of every e-mail: one layout (logo, white card, signature) and one React Email
 * component per block kind, rendered to a string with inline styles and table layout, which is
 * what mail clients keep. React escapes every text and attribute, so names and messages people
 * typed cannot become markup. Rendering is synchronous (`renderToStaticMarkup`, React's edge build
 * in the Worker): nothing here suspends, and templates stay plain functions that return a Mail.
 */
import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Html,
  Img,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { site } from '../../../../src/site.config';
import type { AmountsBlock, LinkBlock, MailBlock, MailContent } from './blocks';
import { companyLine } from './footer';
import { buttonStyle, colors, fonts, logo } from './theme';

/** The doctype React Email's own `render` writes: the one most mail clients expect. */
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

const paragraph: CSSProperties = {
  color: colors.text,
  fontSize: '15px',
  lineHeight: '24px',
  margin: '0 0 16px',
};

const muted: CSSProperties = { ...paragraph, color: colors.textMuted };

/** A paragraph, its line breaks kept. */
function Paragraph({ text, style = paragraph }: { text: string; style?: CSSProperties }) {
  const lines = text.split('\n');
  return (
    <Text style={style}>
      {lines.map((line, index) => (
        <span key={index}>
          {index > 0 && <br />}
          {line}
        </span>
      ))}
    </Text>
  );
}

/** The e-mail's main link as a button. */
function PrimaryButton({ block }: { block: LinkBlock }) {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Button href={block.link} style={buttonStyle}>
        {block.label}
      </Button>
      {block.note && <LinkNote note={block.note} />}
    </Section>
  );
}

/** A link's condition, under its button. */
function LinkNote({ note }: { note: string }) {
  return (
    <Text style={{ ...muted, fontSize: '13px', lineHeight: '20px', margin: '8px 0 0' }}>
      ({note})
    </Text>
  );
}

/** Any further link: its words, underlined, in the accent color. */
function TextLink({ block }: { block: LinkBlock }) {
  return (
    <Text style={paragraph}>
      <Link
        href={block.link}
        // A long word in a label wraps rather than widening the card; words break only there.
        style={{ color: colors.accent, textDecoration: 'underline', wordBreak: 'break-word' }}
      >
        {block.label}
      </Link>
      {block.note && ` (${block.note})`}
    </Text>
  );
}

/** Label and value rows. */
function Facts({ facts }: { facts: readonly (readonly [string, string])[] }) {
  return (
    <Section
      style={{
        backgroundColor: colors.surfaceAlt,
        borderRadius: '6px',
        margin: '0 0 16px',
        padding: '12px 16px',
      }}
    >
      {facts.map(([label, value], index) => (
        <Row key={index}>
          <Column
            style={{
              color: colors.textMuted,
              fontSize: '14px',
              lineHeight: '22px',
              padding: '2px 16px 2px 0',
              verticalAlign: 'top',
              width: '38%',
            }}
          >
            {label}
          </Column>
          <Column
            style={{
              color: colors.text,
              fontSize: '14px',
              fontWeight: 600,
              lineHeight: '22px',
              padding: '2px 0',
              verticalAlign: 'top',
              // A long name or number with no space wraps instead of widening the card
              // (overflow-wrap is dropped by Gmail and Outlook; word-break is kept).
              wordBreak: 'break-word',
            }}
          >
            {value}
          </Column>
        </Row>
      ))}
    </Section>
  );
}

/** A value to copy exactly, in a monospace box; a short code (6 digits) is set large. */
function CodeBox({ code, label }: { code: string; label?: string | undefined }) {
  const short = code.length <= 8;
  return (
    <Section style={{ margin: '0 0 16px' }}>
      {label && (
        <Text style={{ ...muted, fontSize: '13px', lineHeight: '20px', margin: '0 0 4px' }}>
          {label}
        </Text>
      )}
      <Text
        style={{
          backgroundColor: colors.surfaceAlt,
          border: `1px solid ${colors.border}`,
          borderRadius: '6px',
          color: colors.text,
          fontFamily: fonts.mono,
          fontSize: short ? '28px' : '15px',
          fontWeight: 600,
          letterSpacing: short ? '6px' : '0.5px',
          lineHeight: short ? '36px' : '24px',
          margin: 0,
          // A long key wraps on a narrow screen in every client: Gmail and Outlook drop
          // overflow-wrap but keep word-break.
          wordBreak: 'break-all',
          padding: '12px 14px',
        }}
      >
        {code}
      </Text>
    </Section>
  );
}

/**
 * A receipt's sums: each line's label on the left and its amount right-aligned, the total last in
 * bold above a rule, as a table (the layout every mail client keeps).
 */
function Amounts({ block }: { block: AmountsBlock }) {
  const cell: CSSProperties = {
    color: colors.text,
    fontSize: '14px',
    lineHeight: '22px',
    padding: '4px 0',
    verticalAlign: 'top',
  };
  const amount: CSSProperties = {
    ...cell,
    paddingLeft: '16px',
    textAlign: 'right',
  };
  const total: CSSProperties = { borderTop: `1px solid ${colors.border}`, fontWeight: 700 };
  return (
    <Section style={{ margin: '0 0 16px' }}>
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} border={0}>
        <tbody>
          {block.amounts.map(([label, value], index) => (
            <tr key={index}>
              <td style={{ ...cell, color: colors.textMuted }}>{label}</td>
              <td style={amount}>{value}</td>
            </tr>
          ))}
          <tr>
            <td style={{ ...cell, ...total }}>{block.total[0]}</td>
            <td style={{ ...amount, ...total }}>{block.total[1]}</td>
          </tr>
        </tbody>
      </table>
    </Section>
  );
}

/** Someone's earlier words, set off by a bar on the left. */
function Quote({ intro, quote }: { intro: string; quote: readonly string[] }) {
  return (
    <Section style={{ margin: '0 0 16px' }}>
      <Paragraph text={intro} style={{ ...muted, margin: '0 0 8px' }} />
      <Paragraph
        text={quote.join('\n')}
        style={{
          ...muted,
          borderLeft: `3px solid ${colors.border}`,
          margin: 0,
          paddingLeft: '12px',
        }}
      />
    </Section>
  );
}

function Block({ block, primary }: { block: MailBlock; primary: boolean }): ReactNode {
  if (typeof block === 'string') return <Paragraph text={block} />;
  if ('link' in block)
    return primary ? <PrimaryButton block={block} /> : <TextLink block={block} />;
  if ('facts' in block) return <Facts facts={block.facts} />;
  if ('code' in block) return <CodeBox code={block.code} label={block.label} />;
  if ('amounts' in block) return <Amounts block={block} />;
  return <Quote intro={block.intro} quote={block.quote} />;
}

/** The frame every e-mail shares: logo and name, the card with the message, the signature. */
function MailLayout({ content }: { content: MailContent }) {
  const { subject, greeting, blocks, origin, signed = true } = content;
  const firstLink = blocks.findIndex((block) => typeof block === 'object' && 'link' in block);
  const preview = blocks.find((block): block is string => typeof block === 'string');
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{subject}</title>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      {preview && <Preview>{preview}</Preview>}
      <Body
        style={{
          backgroundColor: colors.background,
          fontFamily: fonts.sans,
          margin: 0,
          padding: '24px 0',
        }}
      >
        {/* The font is set again here: Outlook on phones drops <body> and its styles. */}
        <Container style={{ fontFamily: fonts.sans, maxWidth: '600px', padding: '0 8px' }}>
          <Section style={{ padding: '0 4px 16px' }}>
            <Link href={origin} style={{ textDecoration: 'none' }}>
              <Img
                src={`${origin}${logo.path}`}
                width={logo.size}
                height={logo.size}
                alt=""
                // Low priority keeps React from adding <link rel="preload"> for the logo to the
                // head: mail clients drop <link> elements.
                fetchPriority="low"
                style={{ display: 'inline-block', verticalAlign: 'middle' }}
              />
              <span
                style={{
                  color: colors.text,
                  fontSize: '19px',
                  fontWeight: 700,
                  marginLeft: '10px',
                  verticalAlign: 'middle',
                }}
              >
                {site.product}
              </span>
            </Link>
          </Section>
          <Section
            style={{
              backgroundColor: colors.surface,
              border: `1px solid ${colors.border}`,
              borderRadius: '10px',
              padding: '24px 24px 8px',
            }}
          >
            {greeting && <Paragraph text={greeting} />}
            {blocks.map((block, index) => (
              <Block key={index} block={block} primary={index === firstLink} />
            ))}
            {signed && (
              <Text style={{ ...muted, margin: '24px 0 16px' }}>
                — The {site.product} team
                <br />
                <Link href={`mailto:${site.supportEmail}`} style={{ color: colors.accent }}>
                  {site.supportEmail}
                </Link>
              </Text>
            )}
          </Section>
          <Text style={{ ...muted, fontSize: '12px', lineHeight: '18px', textAlign: 'center' }}>
            <Link href={origin} style={{ color: colors.textMuted }}>
              {new URL(origin).host}
            </Link>
            <br />
            {companyLine}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The HTML part of `content`. */
export function renderMailHtml(content: MailContent): string {
  return DOCTYPE + renderToStaticMarkup(<MailLayout content={content} />);
}
