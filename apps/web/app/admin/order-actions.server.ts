import { CARRIERS } from '@charms/contracts/admin-orders';
import { formatCents, parseDollars } from '@charms/domain/money';
import type { AdminApi } from './admin-api.server';
import { confirmFirst, csrfOf, failed, refused, succeeded, textOf } from './form-result.server';

/** The forms of an order's page, by their `intent`: the state machine's actions, and the confirmation and notes. */
export const ORDER_INTENTS = ['mark_paid', 'ship', 'cancel', 'refund', 'resend', 'note'] as const;
export type OrderIntent = (typeof ORDER_INTENTS)[number];

/**
 * One order form: read it, call the API once, answer with the outcome in words. Every change is the API's to allow
 * or refuse (its state machine; a 409 says why), so nothing here second-guesses the order's status.
 */
export async function orderAction(admin: AdminApi, id: string, form: FormData) {
  const csrf = csrfOf(form);
  const intent = textOf(form, 'intent');
  try {
    switch (intent) {
      case 'mark_paid': {
        const reference = textOf(form, 'reference').trim();
        await admin.markPaid(csrf, id, reference ? { reference } : {});
        return succeeded(admin, intent, 'Payment received: the order is paid and can be shipped.');
      }
      case 'ship': {
        const carrier = CARRIERS.find((known) => known === textOf(form, 'carrier'));
        const trackingNumber = textOf(form, 'trackingNumber');
        if (!carrier) return refused(admin, intent, 'Choose the carrier.', { carrier: 'Choose the carrier.' }, { trackingNumber });
        await admin.ship(csrf, id, { carrier, trackingNumber });
        return succeeded(admin, intent, `Shipped with ${carrier}: the customer was emailed the tracking link.`);
      }
      case 'cancel': {
        const reason = textOf(form, 'reason');
        if (!reason.trim()) return refused(admin, intent, 'Say why the order is cancelled.', { reason: 'Say why the order is cancelled.' });
        if (textOf(form, 'confirmed') !== 'yes') {
          return confirmFirst(admin, intent, 'Cancel this order? Its payment is voided or refunded in full, and this cannot be undone.', { reason });
        }
        await admin.cancel(csrf, id, { reason });
        return succeeded(admin, intent, 'The order is cancelled and its payment given back.');
      }
      case 'refund': {
        const reason = textOf(form, 'reason');
        const full = textOf(form, 'full') === 'yes';
        const amount = full ? textOf(form, 'refundable') : textOf(form, 'amount');
        const amountCents = full ? Number(amount) : parseDollars(amount);
        if (amountCents === null || !Number.isSafeInteger(amountCents) || amountCents <= 0) {
          return refused(admin, intent, 'Enter the amount to refund in dollars, such as 12.50.', { amount: 'Enter an amount in dollars, such as 12.50.' }, { amount, reason });
        }
        await admin.refund(csrf, id, { amountCents, reason });
        return succeeded(admin, intent, `Refunded ${formatCents(amountCents)}.`);
      }
      case 'resend': {
        await admin.resendConfirmation(csrf, id);
        return succeeded(admin, intent, 'The confirmation email was sent again.');
      }
      case 'note': {
        await admin.addNote(csrf, id, { text: textOf(form, 'text') });
        return succeeded(admin, intent, 'Note added to the order’s history.');
      }
      default:
        return refused(admin, intent, 'This form is not one the page knows. Reload the page and try again.');
    }
  } catch (error) {
    const values: Record<string, string> = {};
    for (const name of ['reason', 'amount', 'trackingNumber', 'reference', 'text']) if (form.has(name)) values[name] = textOf(form, name);
    return failed(admin, intent, error, { amountCents: 'amount' }, values);
  }
}
