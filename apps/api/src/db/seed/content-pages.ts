import type { Db } from '../client';
import { eq } from 'drizzle-orm';
import { auditEvents, cmsPages } from '../schema';

/**
 * The CMS pages a new shop starts with, written from the spec's claims. {{storeName}}, {{storePhone}} and
 * {{photoArtEmail}} are filled from the configuration when a page is served. A page that exists (perhaps edited
 * since) is left alone.
 */
export const CONTENT_PAGES: readonly (typeof cmsPages.$inferInsert)[] = [
  {
    path: '/engraving-guide',
    title: 'Engraving guide',
    metaDescription: 'Engrave names, dates and places on your charms: free setup, $0.75 per character, same-day engraving before 12 noon Central.',
    metaKeywords: 'charm engraving, engraved charms, engraving fonts, personalized charms',
    html: `<h2 id="price">What engraving costs</h2>
<p>Setup is free and each character costs <strong>$0.75</strong>. On <strong>gold and white gold charms engraving is free</strong>: we refund the whole engraving cost.</p>
<h2 id="what">What you can engrave</h2>
<p>Names, dates and places: a birth date on a baby charm, a wedding date on a heart, a town on a travel charm. How many characters fit depends on the charm; the product page tells you.</p>
<h2 id="fonts">Fonts</h2>
<ul><li>Block</li><li>Double block</li><li>Monogram block</li><li>Script</li><li>Monogram script</li></ul>
<h2 id="when">When it ships</h2>
<p>Orders with engraving placed <strong>before 12 noon Central time</strong> are engraved and shipped the same business day. Customizable charms such as calendar charms take 7 to 10 days.</p>
<h2 id="returns">Returns</h2>
<p>Personalized and engraved charms are made for you and cannot be returned. Please check spelling and dates before you order. See our <a href="/returns">returns policy</a>.</p>`,
  },
  {
    path: '/shipping',
    title: 'Shipping',
    metaDescription: 'Free ground shipping on every order with no minimum; 2-3 day, next business day and Saturday delivery available.',
    metaKeywords: 'free shipping, charm shipping, next day delivery',
    html: `<h2 id="rates">Shipping rates</h2>
<p>Ground shipping is <strong>free on every order, with no minimum</strong>.</p>
<table><caption>Shipping options</caption>
<thead><tr><th scope="col">Service</th><th scope="col">Time in transit</th><th scope="col">Price</th></tr></thead>
<tbody>
<tr><td>Ground</td><td>7 to 10 days</td><td>Free</td></tr>
<tr><td>2-3 day</td><td>2 to 3 business days</td><td>$14.75</td></tr>
<tr><td>Next business day</td><td>1 business day</td><td>$24.95</td></tr>
<tr><td>Saturday delivery</td><td>Saturday</td><td>$39.75</td></tr>
</tbody></table>
<h2 id="timing">When your order leaves</h2>
<p>Orders placed before 12 noon Central time ship the same business day, engraving included. Charm bracelet assembly ($9.95) adds 1 to 3 days; customizable charms such as calendar charms take 7 to 10 days.</p>
<h2 id="canada">Shipping to Canada</h2>
<p>At checkout choose the state <strong>Alaska</strong> and give your Canadian address in the order comments. We will contact you about the cost before shipping.</p>
<p>Questions? Call us Monday to Friday at <a href="tel:{{storePhone}}">{{storePhone}}</a>.</p>`,
  },
  {
    path: '/returns',
    title: 'Returns and money-back guarantee',
    metaDescription: '60-day no-hassle returns with a 100% money-back guarantee; credit within 5 business days.',
    metaKeywords: 'returns, money back guarantee, refund',
    html: `<h2 id="guarantee">100% money-back guarantee</h2>
<p>If you are not happy with your charms, return them within <strong>60 days</strong>, no hassle, for your money back.</p>
<h2 id="how">How returns work</h2>
<ol><li>Pack the items with a note giving your name and order number.</li>
<li>Send them to us by a service you can track.</li>
<li>We credit your card within <strong>5 business days</strong> of receiving the return.</li></ol>
<p>Shipping costs are not refundable.</p>
<h2 id="exceptions">What cannot be returned</h2>
<p>Personalized and engraved charms are made for you and cannot be returned.</p>
<p>For a charm that broke, see our <a href="/warranty">lifetime warranty</a>.</p>`,
  },
  {
    path: '/warranty',
    title: 'Lifetime warranty',
    metaDescription: "Every charm carries the manufacturer's lifetime warranty.",
    metaKeywords: 'lifetime warranty, charm repair',
    html: `<h2 id="cover">What the warranty covers</h2>
<p>Our charms carry the charm manufacturer's <strong>lifetime warranty</strong> against defects in materials and workmanship.</p>
<h2 id="claim">How to make a claim</h2>
<ul><li>Send back at least 50% of the original item.</li>
<li>Include $5.95 for return shipping and handling.</li>
<li>Add a note with your name, address and what went wrong.</li></ul>
<p>Call us Monday to Friday at <a href="tel:{{storePhone}}">{{storePhone}}</a> if you are not sure whether a repair is covered.</p>`,
  },
  {
    path: '/photoart-instructions',
    title: 'PhotoArt charms: how to send your photo',
    metaDescription: 'Order your PhotoArt charm online, then email us the photo to put on it.',
    metaKeywords: 'PhotoArt charms, photo charms, custom photo charm',
    html: `<h2 id="steps">Three steps</h2>
<ol><li>Order the PhotoArt charm online, in the metal you like.</li>
<li>Email your photo to <a href="mailto:{{photoArtEmail}}">{{photoArtEmail}}</a> with your order number in the subject.</li>
<li>We reproduce the photo in full colour on the charm and ship it to you.</li></ol>
<h2 id="tips">Tips for a good picture</h2>
<ul><li>Send the original file, not a screenshot: the larger the better.</li>
<li>Choose a well-lit photo with the face or pet filling most of the frame.</li>
<li>Tell us in the email if you want it cropped a certain way.</li></ul>
<p>PhotoArt charms are personalized, so they cannot be returned.</p>`,
  },
];

/**
 * The starting pages, added at every start until staff first change a content page; from then on the pages are
 * theirs, and one they deleted stays deleted.
 */
export async function seedContentPages(db: Db): Promise<void> {
  const [edited] = await db.select({ id: auditEvents.id }).from(auditEvents).where(eq(auditEvents.subjectType, 'content_page')).limit(1);
  if (edited) return;
  await db.insert(cmsPages).values([...CONTENT_PAGES]).onConflictDoNothing();
}
