import type { Address } from '@charms/contracts/checkout';

/** A postal address as it is printed: the order confirmation and the staff's order pages and packing slips. */
export function AddressLines({ address, className, withPhone = false }: { address: Address; className?: string; withPhone?: boolean }) {
  return (
    <address className={className}>
      {address.firstName} {address.lastName}
      <br />
      {address.address1}
      {address.address2 ? (
        <>
          <br />
          {address.address2}
        </>
      ) : null}
      <br />
      {address.city}, {address.stateProvince} {address.postalCode}
      <br />
      {address.country === 'US' ? 'United States' : address.country}
      {withPhone && address.phone ? (
        <>
          <br />
          {address.phone}
        </>
      ) : null}
    </address>
  );
}
