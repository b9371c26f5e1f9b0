import { useEffect, useState } from 'react';
import { CARD_ICON_AUTOPLAY_MS, clampIconWidth, nextFeatured } from '#src/lib/checkout/card-icons.ts';

/** The cards the store takes, as small marks (their widths within the spec's 18 to 100 px), the typed one emphasised. */
const CARDS: { type: string; label: string; width: number; fill: string }[] = [
  { type: 'Visa', label: 'VISA', width: 44, fill: '#1a1f71' },
  { type: 'Mastercard', label: 'MC', width: 36, fill: '#c4161c' },
  { type: 'American Express', label: 'AMEX', width: 48, fill: '#2e77bb' },
  { type: 'Discover', label: 'DISC', width: 44, fill: '#d35400' },
];

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The card icon carousel (checkout spec §9, autoplay 2 s): until a card number names its card, the featured card moves
 * on every 2 s; the typed card then stays emphasised. A Pause button stops it (WCAG 2.2.2), and it starts paused for a
 * shopper who asked for reduced motion. The list is the same for a screen reader whichever card is featured.
 */
export function CardIcons({ current }: { current: string }) {
  const [featured, setFeatured] = useState(0);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const playing = !current && !paused;
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setFeatured((i) => nextFeatured(i, CARDS.length)), CARD_ICON_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [playing]);
  const classOf = (type: string, index: number) => {
    if (current) return type === current ? 'card-icon active' : 'card-icon dim';
    return index === featured ? 'card-icon featured' : 'card-icon';
  };
  return (
    <div className="card-carousel">
      <ul className="card-icons" aria-label="Cards we accept">
        {CARDS.map((card, index) => {
          const width = clampIconWidth(card.width);
          return (
            <li key={card.type} className={classOf(card.type, index)}>
              <svg width={width} height={24} viewBox={`0 0 ${width} 24`} role="img" aria-label={card.type}>
                <rect width={width} height={24} rx={3} fill={card.fill} />
                <text x={width / 2} y={16} textAnchor="middle" fontSize={10} fontWeight={700} fill="#fff" fontFamily="sans-serif">
                  {card.label}
                </text>
              </svg>
            </li>
          );
        })}
      </ul>
      {!current && (
        <button
          type="button"
          className="link-button card-carousel-toggle"
          aria-label={`${paused ? 'Play' : 'Pause'} the cards we accept`}
          onClick={() => setPaused((p) => !p)}
        >
          {paused ? 'Play' : 'Pause'}
        </button>
      )}
    </div>
  );
}
