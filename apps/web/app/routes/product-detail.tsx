import type { ProductDetail } from '@charms/contracts/catalog';
import { Link, type ShouldRevalidateFunctionArgs, data, isRouteErrorResponse, redirect, useActionData, useLocation } from 'react-router';
import { AddToBagForm } from '../bag/add-to-bag-form';
import { useHydrated } from '../bag/use-hydrated';
import { addToBag } from '../bag/add-to-bag.server';
import { takeNotice } from '../bag/bag-notice.server';
import { readBagSummary } from '../bag/bag-count.server';
import { useBagSummary } from '../bag/bag-summary';
import { JsonLd, breadcrumbJsonLd, productJsonLd } from '../catalog/json-ld';
import { ProductGrid } from '../catalog/product-grid';
import { choiceLink, isChosenNavigation, rememberChoicesHeaders, useRememberChoices, withoutChoiceMarker } from '../catalog/remember-choices';
import { shipDateInWords } from '../catalog/ship-date';
import { NotFound } from '../components/not-found';
import { apiErrorBody, apiErrorStatus } from '../lib/api-status';
import { RetiredProductPage } from '../catalog/retired-product';
import { retiredProductOf } from '../catalog/retired-product.server';
import { telHref } from '../lib/info-page';
import { findMetalById } from '@charms/domain/metals';
import { seoMeta } from '../lib/seo';
import { readShopperPrefs, toShopperPrefs } from '../lib/shopper-prefs';
import { type StoreTerms, storeTerms } from '../lib/store-terms';
import '../styles/catalog.css';
import '../styles/bag.css';
import '../styles/engraving-fonts.css';
import '../styles/product-page.css';
import type { Route } from './+types/product-detail';
import { ProductGallery } from '../catalog/product-gallery';
import { sharedPage } from '../lib/shared-page';

/** The same for every shopper with the same prefs: the server may keep it (lib/shared-page.ts). */
export const handle = sharedPage;

// The page of a metal the product is not made in exists (listings link to it) but is not worth indexing.
export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  seoMeta(loaderData, matches, loaderData && !loaderData.product.available ? 'noindex, follow' : undefined);

/**
 * A product page: /products/{category}/{metal}/{slug}/{id}, bracelets /products/{category}/{metal}/{size}-inch/{slug}/{id}.
 * A stale path (old slug, wrong category) answers 301 to the canonical one; an unknown product 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const prefs = readShopperPrefs(request);
  let response: Awaited<ReturnType<typeof context.api.getProductDetail>>;
  try {
    response = await context.api.getProductDetail({ path: url.pathname, metalId: prefs.metalId, braceletSize: prefs.braceletSize });
  } catch (error) {
    const status = apiErrorStatus(error);
    // A retired product's page is gone, but names where to look instead.
    if (status === 404) throw data({ retired: retiredProductOf(apiErrorBody(error)) }, { status: 404 });
    if (status === 400) throw data(null, { status: 404 });
    throw error;
  }
  if (response.kind === 'redirect') throw redirect(`${response.redirectTo}${url.search}`, 301);

  const { product, htmlHeadTitle, htmlHeadMetaDescription, htmlHeadMetaKeywords, canonicalUrl, dataLayers } = response;
  // The page's metal (and length) become the shopper's choice only when picked with the page's own links: listings
  // opened next then show them. Merely opening the page in another metal leaves the shopper's choice alone.
  const chosen = toShopperPrefs({ ...prefs, metalId: product.metal.id, braceletSize: product.braceletSize ?? prefs.braceletSize });
  const stated = { metalId: chosen.metalId, braceletSize: product.braceletSize === null ? undefined : chosen.braceletSize };
  const chosenWithoutJs = withoutChoiceMarker(url);
  if (chosenWithoutJs) throw redirect(chosenWithoutJs, { status: 302, headers: rememberChoicesHeaders(request, prefs, stated) });
  const { phone, photoArtEmail, publicBaseUrl } = context.store;
  const headers = new Headers();
  // The add-to-bag form's confirmation after a post without JavaScript (post/redirect/get), with the bag's count and
  // total. Only a request carrying the bag-notice cookie gets these: it is the shopper's own page, never a cached one.
  const { notice, clear } = await takeNotice(context.cookies.bagNotice, request);
  if (clear) headers.append('set-cookie', clear);
  const noticeBag = notice?.added ? await readBagSummary(request, context.api, context.log) : null;
  return data(
    {
      seo: { htmlHeadTitle, htmlHeadMetaDescription, htmlHeadMetaKeywords, canonicalUrl, dataLayers },
      product,
      store: { phone, photoArtEmail, publicBaseUrl },
      terms: storeTerms(context.store),
      stated,
      notice,
      noticeBag,
    },
    { headers },
  );
}

/** The add-to-bag form (bag issue): adds the line for the shopper's session, creating one if the browser has none. */
export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  // Without JavaScript the page reloads at the summary of what was added.
  return addToBag(request, context, await request.formData(), `${url.pathname}${url.search}#added-to-bag`);
}

/**
 * After an add answered in place, the product has not changed: only the bag summary reloads (the header's count and
 * the bag's total for the mini-bag, one read of the bag). Anything else reloads as usual.
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate, formMethod }: ShouldRevalidateFunctionArgs) {
  const answer = actionResult as { intent?: unknown; ok?: unknown } | undefined;
  if (formMethod?.toUpperCase() === 'POST' && answer?.intent === 'add' && answer.ok === true) return false;
  return defaultShouldRevalidate;
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, store, terms, stated, notice, noticeBag } = loaderData;
  const actionData = useActionData<typeof action>();
  // With JavaScript the mini-bag's count and total are the bag summary's (reloaded after the add, before the dialog
  // opens); after a post without it, the page's own read.
  const summary = useBagSummary();
  useRememberChoices(isChosenNavigation(useLocation().state) ? stated : {});
  const image = product.images[0];
  const lastCrumb = product.breadcrumbs.length - 1;

  return (
    <div className="page catalog product">
      <nav aria-label="Breadcrumb" className="catalog-breadcrumbs">
        <ol>
          {product.breadcrumbs.map((crumb, index) => (
            <li key={crumb.path}>
              {index === lastCrumb ? <span aria-current="page">{crumb.name}</span> : <Link to={crumb.path}>{crumb.name}</Link>}
            </li>
          ))}
        </ol>
      </nav>

      <div className="product__main">
        <div className="product__media">
          {product.photos.length > 0 ? (
            <ProductGallery photos={product.photos} productName={product.name} />
          ) : image ? (
            <img src={image.url} alt={image.alt} width={image.width} height={image.height} loading="eager" fetchPriority="high" decoding="async" className="product__image" />
          ) : null}
        </div>
        <div className="product__info">
          <h1 className="product__name">{product.name}</h1>
          <p className="product__price" data-testid="product-price">
            {product.price ? product.price.display : `Not available in ${product.metal.name}`}
            {product.price && !product.available ? <span className="product__sold-out"> · Currently unavailable in {product.metal.name}</span> : null}
          </p>
          <p className="product__variant">
            {product.metal.name}
            {product.braceletSize ? `, ${product.braceletSize} inch` : ''}
            {product.clasp ? `, ${product.clasp} clasp` : ''}
          </p>

          <MetalChoice product={product} />
          {product.sizes.length > 0 ? <SizeChoice product={product} /> : null}
          <AddToBagForm
            product={product}
            result={actionData ?? notice ?? undefined}
            answeredInPlace={actionData !== undefined}
            bag={actionData === undefined && noticeBag ? noticeBag : summary}
          />
          <Shipping product={product} phone={store.phone} terms={terms} />
          {product.engraving ? <Engraving engraving={product.engraving} metalName={product.metal.name} terms={terms} /> : null}
          {product.isPhotoArt ? <PhotoArtNote email={store.photoArtEmail} /> : null}
          <ReturnsAndWarranty product={product} />
        </div>
      </div>

      <section className="product__section" aria-labelledby="about-heading">
        <h2 id="about-heading">About this {product.kind}</h2>
        <p>{product.description}</p>
        {product.categories.length > 0 ? (
          <p>
            Found in:{' '}
            {product.categories.map((category, index) => (
              <span key={category.urlFriendlyName}>
                {index > 0 ? ', ' : ''}
                <Link to={`/products/category/${product.metal.slug}/${category.urlFriendlyName}`}>{category.categoryName}</Link>
              </span>
            ))}
          </p>
        ) : null}
      </section>

      {product.related.length > 0 ? (
        <section className="product__section" aria-labelledby="related-heading">
          <h2 id="related-heading">You may also like</h2>
          <ProductGrid products={product.related} metalName={product.metal.name} label={`More like ${product.name}`} eager={0} />
        </section>
      ) : null}

      <JsonLd data={productJsonLd(product, store.publicBaseUrl)} />
      <JsonLd data={breadcrumbJsonLd(product.breadcrumbs, store.publicBaseUrl)} />
    </div>
  );
}

/**
 * The one metal control: each metal the product is offered in, with its price, as a link to the page in that metal
 * (its picture and price), the shown one marked current. The add-to-bag form sends the page's metal. Plain links,
 * so it works without JavaScript and by keyboard; metals the product is not made in are marked, not linked.
 */
function MetalChoice({ product }: { product: ProductDetail }) {
  const hydrated = useHydrated();
  const swatch = (metalId: number) => ({ '--swatch': findMetalById(metalId)?.colour ?? '#c9ccd1' }) as React.CSSProperties;
  return (
    <section id="metals" className="product__choice" aria-labelledby="metal-heading">
      <h2 id="metal-heading">
        Metal: <span className="product__choice-current">{product.metal.name}</span>
      </h2>
      <ul className="product__options product__options--metals">
        {product.offers.map((offer) => (
          <li key={offer.metal.id}>
            {offer.available && offer.price ? (
              <Link {...choiceLink(offer.path, hydrated)} aria-current={offer.metal.id === product.metal.id ? 'true' : undefined} preventScrollReset replace className="product__option product__metal">
                <span className="product__swatch" style={swatch(offer.metal.id)} aria-hidden="true" />
                <span className="product__option-name">{offer.metal.name}</span>{' '}
                <span className="product__option-price">{offer.price.display}</span>
              </Link>
            ) : (
              <span className="product__option product__metal product__option--unavailable" aria-current={offer.metal.id === product.metal.id ? 'true' : undefined}>
                <span className="product__swatch" style={swatch(offer.metal.id)} aria-hidden="true" />
                <span className="product__option-name">{offer.metal.name}</span>{' '}
                <span className="product__option-price">{offer.price ? 'Currently unavailable' : 'Not available'}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function SizeChoice({ product }: { product: ProductDetail }) {
  const pathFor = (size: number) => product.path.replace(/\/\d+(?:\.\d)?-inch\//, `/${size}-inch/`);
  const hydrated = useHydrated();
  return (
    <section className="product__choice" aria-labelledby="size-heading">
      <h2 id="size-heading">Bracelet length</h2>
      <ul className="product__options product__options--sizes">
        {product.sizes.map((size) => (
          <li key={size}>
            <Link {...choiceLink(pathFor(size), hydrated)} aria-current={size === product.braceletSize ? 'true' : undefined} preventScrollReset replace className="product__option">
              {size}″<span className="catalog-sr-only"> inches</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="product__hint">7 inches fits most wrists.</p>
    </section>
  );
}

function Shipping({ product, phone, terms }: { product: ProductDetail; phone: string; terms: StoreTerms }) {
  return (
    <section className="product__section product__section--compact" aria-labelledby="shipping-heading">
      <h2 id="shipping-heading">Shipping</h2>
      <p>
        Ships by <strong>{shipDateInWords(product.estimatedShipDate)}</strong>.{' '}
        {product.leadTime
          ? `Made to order for you: allow ${product.leadTime.minDays}–${product.leadTime.maxDays} business days before it ships.`
          : `Orders placed before ${terms.cutoff} on a business day ship the same day.`}
      </p>
      <p>{terms.shippingPromise}</p>
      <p>
        Phone orders, Monday to Friday: <a href={telHref(phone)}>{phone}</a>.
      </p>
    </section>
  );
}

/** The engraving the workshop offers on this charm; the text and font are chosen in the add-to-bag form. */
function Engraving({ engraving, metalName, terms }: { engraving: NonNullable<ProductDetail['engraving']>; metalName: string; terms: StoreTerms }) {
  return (
    <section className="product__section product__section--compact" aria-labelledby="engraving-heading">
      <h2 id="engraving-heading">Engraving</h2>
      <p>
        Up to {engraving.maxCharacters} characters: names, dates, places.{' '}
        {engraving.freeInThisMetal
          ? `Engraving is free on ${metalName}: we refund its cost on ${terms.engravingFreeOn ?? metalName}.`
          : `${engraving.pricePerCharacter.display} per character (spaces are free), with free setup.${terms.engravingFreeOn ? ` Free on ${terms.engravingFreeOn}.` : ''}`}
      </p>
      <p>Same-day engraving and shipping on orders placed before {terms.cutoff}.</p>
      <h3 className="product__subheading">Fonts</h3>
      {/* Each font's name in its own face; the form above draws the shopper's text on the charm. */}
      <ul className="product__fonts">
        {engraving.fonts.map((font) => (
          <li key={font.id} className={`engraving-preview--${font.id}`}>
            {font.name}
          </li>
        ))}
      </ul>
    </section>
  );
}

function PhotoArtNote({ email }: { email: string }) {
  return (
    <section className="product__section product__section--compact" aria-labelledby="photoart-heading">
      <h2 id="photoart-heading">Your photo</h2>
      <p>
        PhotoArt charms carry your own photo. Add it with the charm above (or later in your bag), or after you order, email it to{' '}
        <a href={`mailto:${email}`}>{email}</a> with your order number.
      </p>
    </section>
  );
}

function ReturnsAndWarranty({ product }: { product: ProductDetail }) {
  return (
    <section className="product__section product__section--compact" aria-labelledby="returns-heading">
      <h2 id="returns-heading">Returns and warranty</h2>
      {product.returnable ? (
        <p>
          100% money-back guarantee: return it within 60 days, no hassle.
          {product.engraving ? ' Engraved charms cannot be returned.' : ''}
        </p>
      ) : (
        <p>Made just for you, so it cannot be returned.</p>
      )}
      <p>
        Lifetime warranty from the maker. <Link to="/faq">Returns and warranty questions</Link>
      </p>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    const retired = (error.data as { retired?: ReturnType<typeof retiredProductOf> } | null)?.retired;
    return retired ? <RetiredProductPage product={retired} /> : <NotFound />;
  }
  throw error;
}
