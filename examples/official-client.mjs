// The README quick start with the official Node client (gocardless-nodejs), unchanged:
//   BASE, TOKEN and NODE_EXTRA_CA_CERTS as the server prints them at start; the server started
//   with VERSION_HEADER=GoCardless-Version (the header this client sends).
import https from 'node:https';
import gocardless, { Environments } from 'gocardless-nodejs';

const base = new URL(process.env.BASE ?? 'https://localhost:3000');

// The client has no base-URL option. Its public `proxy` option takes the agents it connects
// through, and an agent's own host, port and servername win over the request's: so every request
// the client makes for the sandbox goes to BASE instead. The certificate is checked as usual, against
// the CA list plus NODE_EXTRA_CA_CERTS (the server's self-signed certificate).
const agent = new https.Agent({
  host: base.hostname,
  port: Number(base.port || 443),
  servername: base.hostname,
  keepAlive: true,
});
const client = gocardless(process.env.TOKEN, Environments.Sandbox, { proxy: { https: agent } });

const billingRequest = await client.billingRequests.create({
  mandate_request: { scheme: 'bacs' },
  metadata: { order: 'client-1' },
});
console.log('billing request:', billingRequest.id, billingRequest.status);

const flow = await client.billingRequestFlows.create({
  redirect_uri: 'https://example.com/thanks',
  links: { billing_request: billingRequest.id },
});
console.log('authorisation_url:', flow.authorisation_url);

// What the payer does on the hosted pages, done through the API instead (sandbox details).
await client.billingRequests.collectCustomerDetails(billingRequest.id, {
  customer: { given_name: 'Jane', family_name: 'Doe', email: 'jane@example.com' },
  customer_billing_detail: { address_line1: '1 High St', city: 'London', postal_code: 'E1 6AN', country_code: 'GB' },
});
await client.billingRequests.collectBankAccount(billingRequest.id, {
  account_holder_name: 'Jane Doe',
  branch_code: '200000',
  account_number: '55779911',
  country_code: 'GB',
});
await client.billingRequests.confirmPayerDetails(billingRequest.id, {});
const fulfilled = await client.billingRequests.fulfil(billingRequest.id, {});
const mandateId = fulfilled.links.mandate_request_mandate;
console.log('billing request:', fulfilled.id, fulfilled.status, 'mandate:', mandateId);

const payment = await client.payments.create({
  amount: 1000,
  currency: 'GBP',
  description: 'First month',
  links: { mandate: mandateId },
});
console.log('payment:', payment.id, payment.status, payment.amount, payment.currency);
agent.destroy();
