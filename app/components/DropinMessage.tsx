/**
 * In the drop-in: the message this page posts to the merchant page (app/enhance/payer.js sends it,
 * to that origin only). A data attribute, so no inline script is needed under the pages' CSP.
 */
export function DropinMessage({ dropin }: { dropin: { origin: string; message: string } | null }) {
  return dropin ? <div hidden data-dropin-origin={dropin.origin} data-dropin-message={dropin.message} /> : null;
}
