import { NewsletterSignup } from './newsletter-signup';
import { ShellLink, useShellLinkClicks } from './shell-links';

interface FooterProps {
  storeName: string;
  phone: string;
  year: number;
  /** The store's own social pages (admin Settings); a network not configured gets no link, and none gets no list. */
  socialLinks: readonly { name: string; href: string }[];
}

export function SiteFooter({ storeName, phone, year, socialLinks }: FooterProps) {
  const onLinkClick = useShellLinkClicks();
  return (
    // A click on one of its links navigates in the app (components/shell-links.tsx); the other links are left alone.
    <footer className="site-footer" onClick={onLinkClick}>
      <div className="site-footer__inner">
        <nav aria-label="Customer service" className="site-footer__links">
          <h2 className="site-footer__heading">Customer service</h2>
          <ul>
            <li><ShellLink to="/faq">FAQ</ShellLink></li>
            <li><ShellLink to="/about-us">About us</ShellLink></li>
            <li><ShellLink to="/contact-us">Contact us</ShellLink></li>
            <li><ShellLink to="/privacy-policy">Privacy policy</ShellLink></li>
          </ul>
        </nav>
        <nav aria-label="Guides" className="site-footer__links">
          <h2 className="site-footer__heading">Guides</h2>
          <ul>
            <li><ShellLink to="/shipping">Shipping</ShellLink></li>
            <li><ShellLink to="/returns">Returns</ShellLink></li>
            <li><ShellLink to="/warranty">Lifetime warranty</ShellLink></li>
            <li><ShellLink to="/engraving-guide">Engraving guide</ShellLink></li>
            <li><ShellLink to="/photoart-instructions">PhotoArt instructions</ShellLink></li>
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
