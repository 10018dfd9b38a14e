import { Link } from 'react-router';
import { NewsletterSignup } from './newsletter-signup';

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
            <li><Link to="/faq">FAQ</Link></li>
            <li><Link to="/about-us">About us</Link></li>
            <li><Link to="/contact-us">Contact us</Link></li>
            <li><Link to="/privacy-policy">Privacy policy</Link></li>
          </ul>
        </nav>
        <nav aria-label="Guides" className="site-footer__links">
          <h2 className="site-footer__heading">Guides</h2>
          <ul>
            <li><Link to="/shipping">Shipping</Link></li>
            <li><Link to="/returns">Returns</Link></li>
            <li><Link to="/warranty">Lifetime warranty</Link></li>
            <li><Link to="/engraving-guide">Engraving guide</Link></li>
            <li><Link to="/photoart-instructions">PhotoArt instructions</Link></li>
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
