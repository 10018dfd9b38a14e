import type { ShippingTypesResponse } from '@charms/contracts/bag';
import { useEffect, useState } from 'react';
import { shipDateInWords } from '../catalog/ship-date';
import { FieldError, fieldMessage } from './fields';

interface ShippingChoiceProps {
  shipping: ShippingTypesResponse | null;
  selected: string;
  error: string | undefined;
  busy: boolean;
  onChoose: (id: string) => void;
}

function deliveryWords(earliest: string, latest: string): string {
  return earliest === latest ? shipDateInWords(earliest) : `${shipDateInWords(earliest)} – ${shipDateInWords(latest)}`;
}

/** The shipping types offered to the chosen state, priced, with their delivery estimates (from the API). */
export function ShippingChoice({ shipping, selected, error, busy, onChoose }: ShippingChoiceProps) {
  // Without JavaScript a button reloads the options for the state typed; once the page runs, changes save themselves.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <fieldset className="checkout__section" aria-describedby={error ? 'shippingTypeId-error' : undefined} aria-busy={busy || undefined}>
      <legend>
        <h2>Shipping</h2>
      </legend>
      {shipping ? (
        <>
          <ul className="checkout__options">
            {shipping.shippingTypes.map((type) => (
              <li key={type.id}>
                <label className="checkout__option">
                  <input
                    type="radio"
                    name="shippingTypeId"
                    value={type.id}
                    checked={selected === type.id}
                    onChange={() => onChoose(type.id)}
                    aria-invalid={error ? true : undefined}
                  />
                  <span className="checkout__option-text">
                    <span className="checkout__option-name">
                      {type.name} <span className="checkout__option-price">{type.price.cents === 0 ? 'Free' : type.price.display}</span>
                    </span>
                    <span className="checkout__option-detail">
                      Ships {shipDateInWords(type.shipDate)}; arrives {deliveryWords(type.deliveryDate.earliest, type.deliveryDate.latest)}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {shipping.notes.map((note) => (
            <p key={note} className="checkout__hint">
              {note}
            </p>
          ))}
        </>
      ) : (
        <p className="checkout__hint">Choose the state you are shipping to above to see the shipping options, prices and delivery dates.</p>
      )}
      {hydrated ? null : (
        <button type="submit" name="intent" value="shipping" className="button checkout__secondary">
          Update shipping options
        </button>
      )}
      <FieldError id="shippingTypeId-error" message={fieldMessage('Shipping', error)} />
    </fieldset>
  );
}
