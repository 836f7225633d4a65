import { describe, expect, it } from 'vitest';
import { contrastFailures, contrastRatio, headerTextFor } from '../../server/domain/branding/contrast';
import { svgProblem, svgSize } from '../../server/domain/branding/svg';
import { decodeImageField, sniffImage } from '../../server/domain/branding/image-content';
import { fitWithin } from '../../server/domain/branding/resize';

/** Values from the WCAG 2.2 definitions and WebAIM's contrast checker, written out, not computed here. */
describe('WCAG contrast', () => {
  it('matches known ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#1d70b8', '#ffffff')).toBeCloseTo(5.17, 1);
  });

  it('names each failing pair and passes colours at the threshold', () => {
    expect(contrastFailures({ link_text_colour: '#767676', button_background_colour: '#767676' })).toEqual([]);
    expect(contrastFailures({ link_text_colour: '#777777' }).map((f) => [f.field, f.against])).toEqual([
      ['link_text_colour', 'page_background'],
    ]);
    // Borders are not text: 3:1 is enough (1.4.11).
    expect(contrastFailures({ content_box_border_colour: '#949494' })).toEqual([]);
    expect(contrastFailures({ content_box_border_colour: '#aaaaaa' })[0]).toMatchObject({ required: 3 });
  });

  it('reads a header in dark text on light colours and white on dark ones', () => {
    expect(headerTextFor('#ffdd00')).toBe('#1b1f24');
    expect(headerTextFor('#0b0c0c')).toBe('#ffffff');
  });
});

describe('logo content', () => {
  it('reads the type from the bytes, not the data URI', () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 20"></svg>');
    const decoded = decodeImageField(`data:image/png;base64,${svg.toString('base64')}`)!;
    expect(sniffImage(decoded)?.type).toBe('image/svg+xml');
    expect(svgSize(decoded)).toEqual({ width: 100, height: 20 });
    expect(decodeImageField('data:image/png,plain')).toBeUndefined();
    expect(sniffImage(Buffer.from('GIF89a'))).toBeUndefined();
  });

  it('refuses SVG that could run or fetch, and keeps internal references', () => {
    const wrap = (inner: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${inner}</svg>`);
    expect(svgProblem(wrap('<use href="#a"/><rect fill="url(#g)"/>'))).toBeUndefined();
    expect(svgProblem(wrap('<style>@import "https://x.example/a.css";</style>'))).toBe('external_reference');
    expect(svgProblem(wrap('<set attributeName="href" to="javascript:alert(1)"/>'))).toBe('script');
    expect(svgProblem(wrap('<rect ONCLICK="x()"/>'))).toBe('event_handler');
    // What design tools write: a DOCTYPE naming the SVG DTD, no internal subset, no entities.
    const doctype =
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">';
    const exported = Buffer.from(`<?xml version="1.0"?>${doctype}<svg xmlns="http://www.w3.org/2000/svg"></svg>`);
    expect(sniffImage(exported)?.type).toBe('image/svg+xml');
    expect(svgProblem(exported)).toBeUndefined();
    expect(svgProblem(Buffer.from(`<!DOCTYPE svg [<!ATTLIST svg x CDATA "1">]><svg/>`))).toBe('entity');
    expect(svgProblem(Buffer.from([0x3c, 0x73, 0x76, 0x67, 0xff, 0xfe]))).toBe('not_utf8');
  });

  it('fits within the header box, never enlarging', () => {
    expect(fitWithin({ width: 1200, height: 300 }, { width: 400, height: 80 })).toEqual({ width: 320, height: 80 });
    expect(fitWithin({ width: 50, height: 50 }, { width: 400, height: 80 })).toEqual({ width: 50, height: 50 });
    expect(fitWithin({ width: 4000, height: 10 }, { width: 400, height: 80 })).toEqual({ width: 400, height: 1 });
  });
});
