import type { OrderStatus } from '@charms/domain/order-status';
import { statusLabel } from '../format';

/** An order's status in words, coloured by kind (waiting, paid, shipped, closed); the words carry the meaning. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`admin-badge admin-badge--${status}`}>{statusLabel(status)}</span>;
}
