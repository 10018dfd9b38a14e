import type { BagItem, BagResponse } from '@charms/contracts/bag';
import { MAX_LINE_QUANTITY } from '@charms/domain/bag';
import { Link, useFetcher } from 'react-router';
import { BagFormFields } from './bag-form-fields';
import { BagLinePhoto } from './bag-line-photo';
import { LINE_FORMS } from './bag-keys';

/** Every line of the bag: products with their engraving charge under them, then assembly. */
export function BagLines({ bag }: { bag: BagResponse }) {
  const items = bag.tempOrder.tempOrderItems;
  const products = items.filter((item) => !item.isAdditionalCharacters && !item.isCharmAssembly);
  const assembly = items.filter((item) => item.isCharmAssembly);
  return (
    <ul className="bag-lines" aria-label="Items in your bag">
      {products.map((item) => (
        <BagLine key={item.itemUuid} item={item} charges={items.filter((charge) => charge.isAdditionalCharacters && charge.parentItemUuid === item.itemUuid)} />
      ))}
      {assembly.map((item) => (
        <AssemblyLine key={item.itemUuid} item={item} />
      ))}
    </ul>
  );
}

function BagLine({ item, charges }: { item: BagItem; charges: BagItem[] }) {
  const fetcher = useFetcher({ key: LINE_FORMS });
  const name = item.product?.name ?? item.description;
  const engraving = item.itemSpecifics.find((specific) => specific.name === 'engraving');
  const changing = fetcher.state !== 'idle' && fetcher.formData?.get('itemUuid') === item.itemUuid;
  return (
    <li className={`bag-line${changing ? ' is-busy' : ''}`} aria-busy={changing || undefined}>
      {item.product ? <img src={item.product.imageUrl} alt="" width={96} height={96} className="bag-line__image" loading="lazy" /> : null}
      <div className="bag-line__details">
        <h3 className="bag-line__name">{item.product ? <Link to={item.product.path}>{name}</Link> : name}</h3>
        <p className="bag-line__variant">
          {item.metal?.name}
          {item.braceletSize ? `, ${item.braceletSize} inch` : ''}
        </p>
        <p className="bag-line__unit">{item.unitPrice.display} each</p>
        {engraving ? (
          <div className="bag-line__engraving">
            <p>
              Engraving: “<span className={`engraving-preview--${engraving.font}`}>{engraving.text}</span>” in {engraving.fontName}
            </p>
            <fetcher.Form method="post" action="/order" preventScrollReset>
              <BagFormFields intent="remove-engraving" itemUuid={item.itemUuid} />
              <input type="hidden" name="itemSpecificUuid" value={engraving.itemSpecificUuid} />
              <button type="submit" className="link-button">
                Remove engraving<span className="visually-hidden"> from {name}</span>
              </button>
            </fetcher.Form>
          </div>
        ) : null}
        {item.product?.isPhotoArt ? <BagLinePhoto item={item} name={name} /> : null}
        {charges.map((charge) => (
          <p key={charge.itemUuid} className="bag-line__charge">
            <span>{charge.description}</span> <span>{charge.lineTotal.display}</span>
          </p>
        ))}
      </div>
      <div className="bag-line__actions">
        <QuantityStepper item={item} name={name} />
        <p className="bag-line__total">
          <span className="visually-hidden">Line total: </span>
          {item.lineTotal.display}
        </p>
        <fetcher.Form method="post" action="/order" preventScrollReset>
          <BagFormFields intent="remove" itemUuid={item.itemUuid} />
          <input type="hidden" name="itemName" value={name} />
          <button type="submit" className="link-button">
            Remove<span className="visually-hidden"> {name}</span>
          </button>
        </fetcher.Form>
      </div>
    </li>
  );
}

/** − and + post the new quantity; the number field with Update posts what is typed (Enter submits it). */
function QuantityStepper({ item, name }: { item: BagItem; name: string }) {
  const fetcher = useFetcher({ key: LINE_FORMS });
  const fieldId = `quantity-${item.itemUuid}`;
  return (
    <div className="stepper">
      <fetcher.Form method="post" action="/order" preventScrollReset>
        <BagFormFields intent="quantity" itemUuid={item.itemUuid} />
        <button type="submit" name="setQuantity" value={item.quantity - 1} className="stepper__button" disabled={item.quantity <= 1} aria-label={`One fewer ${name}`}>
          −
        </button>
      </fetcher.Form>
      {/* noValidate: a number out of range goes to the server, whose refusal replaces the status line (the browser's own
          bubble would block the post and leave the last message, "Quantity changed to 2", standing). */}
      <fetcher.Form method="post" action="/order" preventScrollReset className="stepper__field" key={`${item.itemUuid}-${item.quantity}`} noValidate>
        <BagFormFields intent="quantity" itemUuid={item.itemUuid} />
        <label htmlFor={fieldId} className="visually-hidden">
          Quantity of {name}
        </label>
        <input id={fieldId} name="quantity" type="number" inputMode="numeric" min={1} max={MAX_LINE_QUANTITY} defaultValue={item.quantity} required />
        <button type="submit" className="stepper__update">
          Update<span className="visually-hidden"> quantity of {name}</span>
        </button>
      </fetcher.Form>
      <fetcher.Form method="post" action="/order" preventScrollReset>
        <BagFormFields intent="quantity" itemUuid={item.itemUuid} />
        <button
          type="submit"
          name="setQuantity"
          value={item.quantity + 1}
          className="stepper__button"
          disabled={item.quantity >= MAX_LINE_QUANTITY}
          aria-label={`One more ${name}`}
        >
          +
        </button>
      </fetcher.Form>
    </div>
  );
}

function AssemblyLine({ item }: { item: BagItem }) {
  const fetcher = useFetcher({ key: LINE_FORMS });
  return (
    <li className="bag-line bag-line--service">
      <div className="bag-line__details">
        <h3 className="bag-line__name">Charm assembly</h3>
        <p className="bag-line__variant">We put your charms on your bracelet (adds 1–3 days).</p>
      </div>
      <div className="bag-line__actions">
        <p className="bag-line__total">{item.lineTotal.display}</p>
        <fetcher.Form method="post" action="/order" preventScrollReset>
          <BagFormFields intent="remove" itemUuid={item.itemUuid} />
          <input type="hidden" name="itemName" value="Charm assembly" />
          <button type="submit" className="link-button">
            Remove<span className="visually-hidden"> charm assembly</span>
          </button>
        </fetcher.Form>
      </div>
    </li>
  );
}

/** Offered when the bag holds a bracelet and charms and no assembly yet, at the fee the store settings say. */
export function AssemblySuggestion({ fee }: { fee: string }) {
  const fetcher = useFetcher({ key: LINE_FORMS });
  return (
    <div className="bag-assembly">
      <p>
        <strong>Have us put your charms on your bracelet: {fee}</strong>, adds 1–3 days.
      </p>
      <fetcher.Form method="post" action="/order" preventScrollReset>
        <BagFormFields intent="assembly" />
        <button type="submit" className="button button--secondary" disabled={fetcher.state !== 'idle'}>
          Add assembly
        </button>
      </fetcher.Form>
    </div>
  );
}
