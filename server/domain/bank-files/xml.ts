import { SaxesParser } from 'saxes';
import { refuse } from './errors';

/**
 * A small element tree for reading bank reports: local names (namespaces and their versions are
 * ignored, so pain.002.001.03/.10 and the Swiss variants read alike), attributes, text, and the
 * line each element starts on, for line-numbered refusals. Not well-formed XML is refused whole.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
  line: number;
}

/** Far deeper than any scheme's report (camt.054 reaches about 12); refused before it can exhaust the stack. */
export const MAX_XML_DEPTH = 64;

export function parseXml(text: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  parser.on('doctype', () => refuse('malformed_report', 'a DOCTYPE is not accepted in a bank report', parser.line));
  parser.on('opentag', (tag) => {
    if (stack.length >= MAX_XML_DEPTH)
      refuse('malformed_report', `elements nest deeper than ${MAX_XML_DEPTH} levels`, parser.line);
    // No prototype: an attribute named `valueOf` (Bacs uses one) must not meet Object's method.
    const attributes: Record<string, string> = Object.create(null);
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.prefix === 'xmlns' || attribute.name === 'xmlns') continue;
      attributes[attribute.local] = attribute.value;
    }
    const element: XmlElement = { name: tag.local, attributes, children: [], text: '', line: parser.line };
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else root = element;
    if (!tag.isSelfClosing) stack.push(element);
  });
  parser.on('closetag', (tag) => {
    if (!tag.isSelfClosing) stack.pop();
  });
  const addText = (chunk: string) => {
    const current = stack.at(-1);
    if (current) current.text += chunk;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  try {
    parser.write(text).close();
  } catch (error) {
    if ((error as { code?: string }).code === 'malformed_report') throw error;
    refuse('malformed_report', `not well-formed XML: ${(error as Error).message}`, parser.line);
  }
  if (!root) refuse('malformed_report', 'no root element', 1);
  return root;
}

/** The first descendant along a path of local names, e.g. `child(tx, 'PmtId', 'EndToEndId')`. */
export function child(element: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let current = element;
  for (const name of path) current = current?.children.find((c) => c.name === name);
  return current;
}

export function children(element: XmlElement | undefined, name: string): XmlElement[] {
  return element ? element.children.filter((c) => c.name === name) : [];
}

/** Every descendant named `name`, in document order. */
export function descendants(element: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  // A stack, not recursion: the walk's depth never depends on the file.
  const pending = [...element.children].reverse();
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.name === name) found.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) pending.push(node.children[i]!);
  }
  return found;
}

export function textOf(element: XmlElement | undefined, ...path: string[]): string | undefined {
  const found = child(element, ...path);
  return found ? found.text.trim() : undefined;
}

export function requiredText(element: XmlElement, ...path: string[]): string {
  const value = textOf(element, ...path);
  if (value === undefined || value === '')
    refuse('malformed_report', `${path.join('/')} is missing in <${element.name}>`, element.line);
  return value;
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** `<name>text</name>`, or nothing when the value is absent. */
export function leaf(name: string, value: string | undefined, attributes = ''): string {
  return value === undefined || value === '' ? '' : `<${name}${attributes}>${escapeXml(value)}</${name}>`;
}
