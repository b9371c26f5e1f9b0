/**
 * Bag merge rules at sign-in, as a pure plan: the guest bag's lines join the customer's stored bag; a line for the
 * same variant and options adds its quantity, up to what may be ordered; a membership already in the stored bag is
 * not added twice. Anything the shopper would not expect (a quantity cut, a line dropped) is reported so the
 * sign-in reply can send them to the bag with a message.
 */
export interface MergeLine {
  id: string;
  key: string;
  name: string;
  quantity: number;
  /** How many may be ordered now (stock and item limit); 0 when sold out. */
  limit: number;
  isMembership: boolean;
  brand: string;
}

export type MergeStep =
  | { kind: 'increase'; targetId: string; quantity: number }
  | { kind: 'move'; sourceId: string; quantity: number }
  | { kind: 'drop'; sourceId: string };

export interface MergePlan {
  steps: MergeStep[];
  notices: string[];
  removedMembershipBrand: string | null;
}

export function planMerge(stored: MergeLine[], guest: MergeLine[]): MergePlan {
  const steps: MergeStep[] = [];
  const notices: string[] = [];
  let removedMembershipBrand: string | null = null;
  const hasMembership = stored.some((l) => l.isMembership);
  for (const line of guest) {
    const same = stored.find((s) => s.key === line.key);
    if (line.isMembership && (hasMembership || same)) {
      steps.push({ kind: 'drop', sourceId: line.id });
      removedMembershipBrand = line.brand;
      notices.push(`Your bag already has a ${line.name}, so the one you added as a guest was removed.`);
      continue;
    }
    if (same) {
      const total = Math.min(same.quantity + line.quantity, Math.max(same.limit, same.quantity));
      if (total < same.quantity + line.quantity) notices.push(`We could add only ${total - same.quantity} more of ${line.name}.`);
      if (total > same.quantity) steps.push({ kind: 'increase', targetId: same.id, quantity: total });
      steps.push({ kind: 'drop', sourceId: line.id });
      continue;
    }
    if (line.limit === 0) {
      steps.push({ kind: 'drop', sourceId: line.id });
      notices.push(`${line.name} is out of stock and was removed from your bag.`);
      continue;
    }
    const quantity = Math.min(line.quantity, line.limit);
    if (quantity < line.quantity) notices.push(`Only ${quantity} of ${line.name} could stay in your bag.`);
    steps.push({ kind: 'move', sourceId: line.id, quantity });
  }
  return { steps, notices, removedMembershipBrand };
}
