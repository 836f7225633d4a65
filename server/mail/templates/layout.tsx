// Each component from its own package: `@react-email/components` also loads the code block's
// Prism with every language, about half a second of every server and CLI start.
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';

const body = { backgroundColor: '#f3f2f1', fontFamily: 'Arial, sans-serif', color: '#0b0c0c', margin: 0 };
const container = { backgroundColor: '#ffffff', maxWidth: '560px', margin: '0 auto', padding: '24px' };
const brand = { fontSize: '14px', fontWeight: 700, color: '#505a5f', margin: '0 0 8px' };
const small = { fontSize: '13px', color: '#505a5f', lineHeight: '18px' };

/**
 * The frame every payer mail shares: the creditor's name as the brand line, a heading, the body,
 * and a footer saying why the payer receives it. Every value is a React child, so it is escaped.
 */
export function Layout(props: {
  lang: string;
  preview: string;
  creditorName: string;
  heading: string;
  footer: string;
  children: ReactNode;
}) {
  return (
    <Html lang={props.lang}>
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={body}>
        <Container style={container}>
          <Text style={brand}>{props.creditorName}</Text>
          <Heading as="h1" style={{ fontSize: '22px', margin: '0 0 16px' }}>
            {props.heading}
          </Heading>
          {props.children}
          <Hr />
          <Text style={small}>{props.footer}</Text>
        </Container>
      </Body>
    </Html>
  );
}

/** Label–value lines (amount, date, references): a plain list reads well as text and in HTML. */
export function Details(props: { rows: Array<[string, string | null | undefined]> }) {
  return (
    <Section>
      {props.rows
        .filter((row): row is [string, string] => Boolean(row[1]))
        .map(([label, value]) => (
          <Text key={label} style={{ margin: '4px 0' }}>
            <strong>{label}:</strong> {value}
          </Text>
        ))}
    </Section>
  );
}

export const Paragraph = (props: { children: ReactNode }) => (
  <Text style={{ fontSize: '15px', lineHeight: '22px' }}>{props.children}</Text>
);
