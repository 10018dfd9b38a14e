import { NewsletterSignup } from './newsletter-signup';
import { PlainLink } from './plain-links';

interface FooterProps {
  storeName: string;
  phone: string;
  year: number;
  /** The store's own social pages (admin Settings); a network not configured gets no link, and none gets no list. */
  socialLinks: readonly { name: string; href: string }[];
}

export function SiteFooter({ storeName, phone, year, socialLinks }: FooterProps) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav aria-label="Customer service" className="site-footer__links">
          <h2 className="site-footer__heading">Customer service</h2>
          <ul>
            <li><PlainLink to="/faq">FAQ</PlainLink></li>
            <li><PlainLink to="/about-us">About us</PlainLink></li>
            <li><PlainLink to="/contact-us">Contact us</PlainLink></li>
            <li><PlainLink to="/privacy-policy">Privacy policy</PlainLink></li>
          </ul>
        </nav>
        <nav aria-label="Guides" className="site-footer__links">
          <h2 className="site-footer__heading">Guides</h2>
          <ul>
            <li><PlainLink to="/shipping">Shipping</PlainLink></li>
            <li><PlainLink to="/returns">Returns</PlainLink></li>
            <li><PlainLink to="/warranty">Lifetime warranty</PlainLink></li>
            <li><PlainLink to="/engraving-guide">Engraving guide</PlainLink></li>
            <li><PlainLink to="/photoart-instructions">PhotoArt instructions</PlainLink></li>
          </ul>
        </nav>
        <div className="site-footer__newsletter">
          <NewsletterSignup />
        </div>
        <div className="site-footer__social">
          {socialLinks.length > 0 ? (
            <>
              <h2 className="site-footer__heading">Follow us</h2>
              <ul>
                {socialLinks.map((link) => (
                  <li key={link.name}>
                    <a href={link.href} rel="noopener noreferrer external" target="_blank">
                      {link.name}
                      <span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <h2 className="site-footer__heading">Call us</h2>
          )}
          <p>
            Phone orders Monday to Friday: <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
          </p>
        </div>
      </div>
      <p className="site-footer__copyright">
        © 1997–{year} {storeName} · Authorized factory-direct charm dealer since 1997
      </p>
    </footer>
  );
}
