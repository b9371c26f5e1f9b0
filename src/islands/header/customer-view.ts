import { formatCents } from '#src/lib/money.ts';
import { pointsProgress, rewardsLink } from '#src/lib/header/rewards.ts';
import { $customer } from '#src/lib/stores/customer.ts';

/**
 * Switches the static (signed-out) header to the signed-in state when $customer says so: [data-when] parts,
 * the first-name greeting, the rewards link and points bar, and the card placements (card holder or not).
 */
export function startCustomerView(): void {
  const header = document.querySelector<HTMLElement>('[data-site-header]');
  const headerUrl = header?.dataset['rewardsUrl'] ?? null;
  const all = <T extends HTMLElement = HTMLElement>(sel: string) => [...document.querySelectorAll<T>(sel)];

  $customer.subscribe((c) => {
    const signedIn = c.authenticated;
    const holder = signedIn && c.isPLCCHolder === 'Y';
    for (const el of all('[data-when]')) {
      const when = el.dataset['when'];
      el.hidden =
        when === 'signed-in'
          ? !signedIn
          : when === 'signed-out'
            ? signedIn
            : when === 'plcc-holder'
              ? !holder
              : when === 'plcc-none'
                ? holder
                : el.hidden;
    }
    const name = c.firstName ?? '';
    for (const el of all('[data-first-name]')) el.textContent = name || 'there';
    for (const el of all('[data-first-name-suffix]')) el.textContent = name ? `, ${name}` : '';
    for (const el of all('[data-menu-greeting]')) el.textContent = signedIn && name ? `Hi, ${name}` : 'Welcome';
    for (const a of all<HTMLAnchorElement>('[data-account-link]')) {
      a.href = signedIn ? '/my-account' : '/register?isopen=true';
      a.textContent = signedIn ? 'Account' : 'Sign In';
    }
    const link = rewardsLink({ headerUrl, record: c.rewards, signedIn });
    for (const a of all<HTMLAnchorElement>('[data-rewards-link]')) {
      a.href = link.href;
      if (a.closest('.primary-links')) a.textContent = link.label;
    }
    const box = document.querySelector<HTMLElement>('[data-rewards-box]');
    const r = c.rewards;
    if (!box) return;
    box.hidden = !signedIn || !r;
    if (!r) return;
    const pct = pointsProgress(r);
    const set = (sel: string, text: string) => {
      for (const el of all(sel)) el.textContent = text;
    };
    set('[data-rewards-label]', link.label);
    set('[data-rewards-tier]', r.tierStatus ? `· ${r.tierStatus}` : '');
    set('[data-rewards-points]', String(r.totalRewardsPoints));
    set('[data-rewards-threshold]', String(r.rewardPointsThreshold));
    set('[data-rewards-certificate-amount]', formatCents(r.totalCertificateAmount));
    for (const el of all('[data-rewards-certificates]')) el.hidden = r.totalCertificateAmount <= 0;
    for (const el of all('[data-rewards-bar]')) el.style.width = `${pct}%`;
    box.querySelector('[role=progressbar]')?.setAttribute('aria-valuenow', String(pct));
  });
}
