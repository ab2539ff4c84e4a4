/**
 * The e-mails' look: the site's colors and type (the tokens of src/styles/global.css, which a
 * unit test compares with these) as inline-style values, since mail clients drop stylesheets.
 */
export const colors = {
  background: '#f5f7fa',
  surface: '#ffffff',
  surfaceAlt: '#eef2f7',
  text: '#17202b',
  textMuted: '#4f5b6b',
  border: '#d9e0e8',
  accent: '#0b5cad',
  accentSoft: '#e3eefa',
  onAccent: '#ffffff',
} as const;

/** Which global.css custom property each color mirrors. */
export const colorTokens: Readonly<Record<keyof typeof colors, string>> = {
  background: '--color-bg',
  surface: '--color-surface',
  surfaceAlt: '--color-surface-alt',
  text: '--color-text',
  textMuted: '--color-text-muted',
  border: '--color-border',
  accent: '--color-accent',
  accentSoft: '--color-accent-soft',
  onAccent: '--color-on-accent',
};

/** The site's font stacks, ending in fonts every mail client has. */
export const fonts = {
  sans: "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'Courier New', monospace",
} as const;

/** The logo, a PNG in public/ (Gmail shows no SVG): shown at 32 px, drawn at 96 for sharp screens. */
export const logo = { path: '/email-logo.png', size: 32 } as const;

/** The primary button: the e-mail's main link, in the site's accent color. */
export const buttonStyle = {
  backgroundColor: colors.accent,
  color: colors.onAccent,
  borderRadius: '6px',
  fontSize: '15px',
  fontWeight: 600,
  lineHeight: '20px',
  padding: '12px 22px',
  textDecoration: 'none',
} as const;
