/**
 * WCAG 2.2 contrast (relative luminance, ratio) and the pairs a payer theme's colours make on the
 * payer pages. Each theme colour is checked against what it is drawn on or under there, in the
 * pages' light scheme (the dark scheme keeps the pages' own colours, decision 0033).
 */

/** What the payer pages draw on and with when a theme is applied (app/styles/app.css). */
export const PAGE_COLOURS = {
  background: '#ffffff',
  text: '#1b1f24',
  buttonText: '#ffffff',
} as const;

/** WCAG 2.2 AA: 4.5:1 for text (1.4.3), 3:1 for the edges of components (1.4.11). */
export const AA_TEXT = 4.5;
export const AA_NON_TEXT = 3;

export const THEME_COLOURS = [
  'button_background_colour',
  'content_box_border_colour',
  'header_background_colour',
  'link_text_colour',
] as const;
export type ThemeColour = (typeof THEME_COLOURS)[number];

function channel(hex: string, offset: number): number {
  const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of `#rrggbb`. */
export function luminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The header's text: the page's text colour or white, whichever reads better on its background. */
export function headerTextFor(background: string): string {
  return contrastRatio(background, PAGE_COLOURS.text) >= contrastRatio(background, PAGE_COLOURS.buttonText)
    ? PAGE_COLOURS.text
    : PAGE_COLOURS.buttonText;
}

export interface ContrastFailure {
  field: ThemeColour;
  /** What the colour was checked against, by name (`button_text`, `page_background`, `header_text`). */
  against: 'button_text' | 'page_background' | 'header_text';
  againstColour: string;
  ratio: number;
  required: number;
}

/** Every pair the given colours make that falls short of AA; empty when the theme reads well. */
export function contrastFailures(theme: Partial<Record<ThemeColour, string | null>>): ContrastFailure[] {
  const checks: [ThemeColour, ContrastFailure['against'], (colour: string) => string, number][] = [
    ['button_background_colour', 'button_text', () => PAGE_COLOURS.buttonText, AA_TEXT],
    ['link_text_colour', 'page_background', () => PAGE_COLOURS.background, AA_TEXT],
    ['header_background_colour', 'header_text', headerTextFor, AA_TEXT],
    ['content_box_border_colour', 'page_background', () => PAGE_COLOURS.background, AA_NON_TEXT],
  ];
  const failures: ContrastFailure[] = [];
  for (const [field, against, counterpart, required] of checks) {
    const colour = theme[field];
    if (!colour) continue;
    const againstColour = counterpart(colour);
    const ratio = contrastRatio(colour, againstColour);
    if (ratio < required) {
      failures.push({ field, against, againstColour, ratio: Math.floor(ratio * 100) / 100, required });
    }
  }
  return failures;
}
