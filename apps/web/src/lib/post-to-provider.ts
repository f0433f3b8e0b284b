import type { PaymentRedirect } from '@khedma/shared';

/**
 * Sends the browser to the payment provider's hosted page: a form with the signed fields, posted at once
 * (CMI's 3-D Secure page; the CMI simulator outside production). The answer comes back to /bookings/{id}/pay.
 * The booking's payment screen and a recurring visit's Pay both use it.
 */
export function postToProvider(redirect: PaymentRedirect): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = redirect.url;
  form.acceptCharset = 'UTF-8';
  for (const [name, value] of Object.entries(redirect.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}
