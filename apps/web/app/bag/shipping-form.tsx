import type { BagResponse, ShippingTypesResponse } from '@charms/contracts/bag';
import { BagFormFields, BagMessage } from './bag-form-fields';
import type { BagResult } from './bag-result';
import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root';
import { useBagForm } from './use-bag-form';
import { shortDay } from '../catalog/ship-date';

function arrival(type: ShippingTypesResponse['shippingTypes'][number]): string {
  const { earliest, latest } = type.deliveryDate;
  return earliest === latest ? `arrives ${shortDay(earliest)}` : `arrives ${shortDay(earliest)} – ${shortDay(latest)}`;
}

/**
 * Ship-to state and the shipping types offered there, with prices and delivery estimates. With JavaScript a
 * change saves at once (the totals update in place; nothing else on the page moves); without, Save shipping posts.
 */
export function ShippingForm({ bag, shipping, notice }: { bag: BagResponse; shipping: ShippingTypesResponse | null; notice: BagResult | null }) {
  const { fetcher, result, busy } = useBagForm('bag-shipping', ['shipping'], notice);
  const shippingPromise = useRouteLoaderData<typeof rootLoader>('root')?.store.shippingPromise;
  const state = bag.tempOrder.shipToStateProvince ?? '';
  const save = (form: HTMLFormElement | null) => {
    if (form) void fetcher.submit(form, { method: 'post', action: '/order', preventScrollReset: true });
  };
  return (
    <fetcher.Form method="post" action="/order" preventScrollReset className="bag-shipping" aria-busy={busy || undefined}>
      <BagFormFields intent="shipping" />
      <label htmlFor="ship-to-state">Ship to state</label>
      <select id="ship-to-state" name="shipToStateProvince" defaultValue={state} key={state} onChange={(event) => save(event.currentTarget.form)}>
        <option value="">Choose a state</option>
        {bag.stateProvinces.map((province) => (
          <option key={province.code} value={province.code}>
            {province.name}
          </option>
        ))}
      </select>
      {shipping ? (
        <fieldset className="bag-shipping__types" key={`${state}-${bag.tempOrder.shippingTypeId}`}>
          <legend>Shipping to {shipping.stateProvince.name}</legend>
          {shipping.shippingTypes.map((type) => (
            <label key={type.id} className="bag-shipping__type">
              <input
                type="radio"
                name="shippingTypeId"
                value={type.id}
                defaultChecked={type.id === bag.tempOrder.shippingTypeId}
                onChange={(event) => save(event.currentTarget.form)}
              />
              <span className="bag-shipping__name">{type.name}</span>
              <span className="bag-shipping__price">{type.price.cents === 0 ? 'Free' : type.price.display}</span>
              <span className="bag-shipping__when">
                ships {shortDay(type.shipDate)}, {arrival(type)}
              </span>
            </label>
          ))}
          {shipping.notes.map((note) => (
            <p key={note} className="bag-hint">
              {note}
            </p>
          ))}
        </fieldset>
      ) : (
        <p className="bag-hint">Choose your state to see the shipping options and delivery dates.{shippingPromise ? ` ${shippingPromise}` : ''}</p>
      )}
      <p className="bag-hint">Shipping to Canada: choose Alaska and give your Canadian address in the order comments.</p>
      <button type="submit" className="button button--secondary" disabled={busy}>
        Save shipping
      </button>
      <BagMessage result={result} />
    </fetcher.Form>
  );
}
