/**
 * The card payment provider, behind one interface: Braintree (the official SDK) when configured, else a local
 * test gateway that behaves like the Braintree sandbox. The server only ever sees a payment method nonce.
 */
export interface SaleRequest {
  amountCents: number;
  nonce: string;
  deviceData?: string | undefined;
  /** Our order id: Braintree keeps it on the transaction, so a charge can be found again after a timeout. */
  orderId: string;
}

export type SaleResult =
  | { outcome: 'approved'; transactionId: string; cardDescription: string | null }
  | { outcome: 'declined'; transactionId: string | null; processorResponseCode: string; processorResponseText: string }
  | { outcome: 'rejected'; code: string; message: string };

/** The gateway could not be reached or did not answer in time: whether a charge happened is unknown. */
export class GatewayUnavailableError extends Error {}

/**
 * The gateway answered and refused, with Braintree's validation error code: 91504 (only an unsettled charge can be
 * voided), 91506 (only a settled charge can be refunded), 91521 (the refund is larger than what is left), 91512
 * (refunded in full already), 91505 (a refund of a refund, or of no sale). Nothing happened at the gateway.
 */
export class GatewayRefusedError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const CANNOT_VOID = '91504';
export const NOT_SETTLED = '91506';
export const REFUND_TOO_LARGE = '91521';
export const FULLY_REFUNDED = '91512';

/** A charge's state at the gateway: the money it took and what has been given back of it. */
export interface TransactionState {
  transactionId: string;
  /** Braintree's statuses: authorized, submitted_for_settlement, settling, settled, voided, processor_declined... */
  status: string;
  amountCents: number;
  refundedCents: number;
}

/** A charge can be voided (cancelled whole, nothing ever taken) only before it settles. */
export const VOIDABLE_STATUSES: readonly string[] = ['authorized', 'submitted_for_settlement', 'settlement_pending'];

export interface PaymentGateway {
  name: 'test' | 'braintree';
  environment: 'test' | 'sandbox' | 'production';
  clientToken(): Promise<string>;
  sale(request: SaleRequest): Promise<SaleResult>;
  /** The transaction made for an order, if any (to settle a charge whose answer was lost). */
  findByOrderId(orderId: string): Promise<{ transactionId: string; status: string } | null>;
  /** A charge's state, or null when the gateway knows no such transaction. */
  transaction(transactionId: string): Promise<TransactionState | null>;
  /** Cancels an unsettled charge whole; GatewayRefusedError 91504 once it has settled. */
  void(transactionId: string): Promise<void>;
  /**
   * Gives back part or all (no amount) of a settled charge, as a refund transaction of its own, whose id is
   * returned; GatewayRefusedError 91506 before it settles, 91521 above what is left.
   */
  refund(transactionId: string, amountCents?: number): Promise<{ refundTransactionId: string }>;
}

/** Braintree's documented sandbox nonces: fixtures that stand for a card and may be used again and again. */
export const SANDBOX_NONCES: Readonly<Record<string, { card: string; declined?: boolean }>> = {
  'fake-valid-nonce': { card: 'Visa ending in 1111' },
  'fake-valid-visa-nonce': { card: 'Visa ending in 1111' },
  'fake-valid-mastercard-nonce': { card: 'MasterCard ending in 4444' },
  'fake-valid-amex-nonce': { card: 'American Express ending in 0005' },
  'fake-valid-discover-nonce': { card: 'Discover ending in 0009' },
  'fake-processor-declined-visa-nonce': { card: 'Visa ending in 1115', declined: true },
  'fake-processor-declined-mastercard-nonce': { card: 'MasterCard ending in 4444', declined: true },
};

/** Processor response texts of the Braintree sandbox's decline codes (2000-2999). */
export const PROCESSOR_RESPONSES: Readonly<Record<string, string>> = {
  '2000': 'Do Not Honor',
  '2001': 'Insufficient Funds',
  '2002': 'Limit Exceeded',
  '2003': "Cardholder's Activity Limit Exceeded",
  '2004': 'Expired Card',
  '2005': 'Invalid Credit Card Number',
  '2006': 'Invalid Expiration Date',
  '2007': 'No Account',
  '2010': 'Card Issuer Declined CVV',
  '2012': 'Processor Declined - Possible Lost Card',
  '2013': 'Processor Declined - Possible Stolen Card',
  '2014': 'Processor Declined - Fraud Suspected',
  '2015': 'Transaction Not Allowed',
  '2038': 'Processor Declined',
  '2046': 'Declined',
};

/** A decline in words a shopper can act on. */
export function declineMessage(code: string): string {
  switch (code) {
    case '2001':
    case '2002':
    case '2003':
      return 'Your card was declined: the bank reports insufficient funds or a limit reached. Please try another card.';
    case '2004':
    case '2006':
      return 'Your card was declined because it has expired or the expiration date is wrong. Please check it or try another card.';
    case '2005':
    case '2007':
      return 'The card number was not accepted. Please check it or try another card.';
    case '2010':
      return 'The security code (CVV) was not accepted. Please check the 3 or 4 digits on your card.';
    case '2012':
    case '2013':
    case '2014':
      return 'Your bank declined this payment. Please call your bank or try another card.';
    default:
      return 'Your bank declined this card. Nothing was charged; please try another card or call your bank.';
  }
}
