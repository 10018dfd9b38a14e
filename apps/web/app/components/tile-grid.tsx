import { PlainLink } from './plain-links';

export interface TileView {
  name: string;
  href: string;
  linkTitle?: string;
  imageUrl: string;
  /** e.g. a bracelet's price, "$15.00". */
  detail?: string;
}

/**
 * A grid of picture tiles: 6 per row on large screens, 4 on medium, 3 on small, 2 on extra small (app.css).
 * The first `eager` pictures load at once (they are above the fold), the very first with high priority; the rest
 * load lazily. The tiles' links are plain anchors (components/plain-links.tsx).
 */
export function TileGrid({ tiles, label, eager = 6, imageSize = 160 }: { tiles: readonly TileView[]; label: string; eager?: number; imageSize?: number }) {
  return (
    <ul className="tile-grid" aria-label={label}>
      {tiles.map((tile, index) => (
        <li key={`${tile.href}|${tile.name}`} className="tile">
          <PlainLink to={tile.href} title={tile.linkTitle} className="tile__link">
            <img
              src={tile.imageUrl}
              alt=""
              width={imageSize}
              height={imageSize}
              loading={index < eager ? 'eager' : 'lazy'}
              decoding="async"
              fetchPriority={index === 0 && eager > 0 ? 'high' : undefined}
              className="tile__image"
            />
            <span className="tile__name">{tile.name}</span>
            {tile.detail ? <span className="tile__detail">{tile.detail}</span> : null}
          </PlainLink>
        </li>
      ))}
    </ul>
  );
}
