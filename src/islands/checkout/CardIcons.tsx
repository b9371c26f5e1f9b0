import { clampIconWidth } from '#src/lib/checkout/card-icons.ts';

/** The cards the store takes, as small marks (their widths within the spec's 18 to 100 px), the typed one emphasised. */
const CARDS: { type: string; label: string; width: number; fill: string }[] = [
  { type: 'Visa', label: 'VISA', width: 44, fill: '#1a1f71' },
  { type: 'Mastercard', label: 'MC', width: 36, fill: '#c4161c' },
  { type: 'American Express', label: 'AMEX', width: 48, fill: '#2e77bb' },
  { type: 'Discover', label: 'DISC', width: 44, fill: '#d35400' },
];

export function CardIcons({ current }: { current: string }) {
  return (
    <ul className="card-icons" aria-label="Cards we accept">
      {CARDS.map((card) => {
        const width = clampIconWidth(card.width);
        const active = card.type === current;
        return (
          <li key={card.type} className={active ? 'card-icon active' : current ? 'card-icon dim' : 'card-icon'}>
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
  );
}
