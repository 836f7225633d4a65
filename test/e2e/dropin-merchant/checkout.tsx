import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useGoCardlessDropin } from '@gocardless/react-dropin';

/**
 * A merchant's checkout as the public drop-in's README shows it, rendered on its own origin by the
 * drop-in journey (test/e2e/dropin.spec.ts): the real @gocardless/react-dropin, pointed at our
 * server with `initialiseURL`, in StrictMode (which creates the drop-in twice). Each callback is
 * written to the page for the test to read.
 */
const query = new URLSearchParams(window.location.search);
const server = query.get('server') ?? '';
// `?template=BRT…` opens a billing request template instead of a flow (the option's other form).
const template = query.get('template');
const id = template ? { billingRequestTemplateID: template } : { billingRequestFlowID: query.get('flow') ?? '' };

type Callback = { callback: 'onSuccess' | 'onExit'; args: unknown[] };

function Checkout() {
  const [calls, setCalls] = useState<Callback[]>([]);
  const record = (call: Callback) => setCalls((previous) => [...previous, call]);
  const { open, ready, error } = useGoCardlessDropin({
    ...id,
    environment: 'sandbox',
    initialiseURL: `${server}/billing/static/dropin/v2/initialise.js`,
    onSuccess: (billingRequest, billingRequestFlow) =>
      record({ callback: 'onSuccess', args: [billingRequest, billingRequestFlow] }),
    onExit: (exitError, metadata) => record({ callback: 'onExit', args: [exitError, metadata] }),
  });
  return (
    <main>
      <h1>Tea shop checkout</h1>
      <button type="button" disabled={!ready} onClick={() => open()}>
        Pay by bank
      </button>
      {error ? <p role="alert">The payment window could not load.</p> : null}
      {/* `?wide=1`: a page wider than a phone's screen, as many are (a wide table, an unwrapped line). */}
      {query.has('wide') ? <div style={{ width: '1200px' }}>Our whole tea range, side by side.</div> : null}
      <pre data-testid="callbacks">{JSON.stringify(calls)}</pre>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Checkout />
  </StrictMode>,
);
