/**
 * The purchase dialog's fields and what they become: a pack and prices for setPurchase. Kept
 * apart from the dialog so that the rule (which fields make a price, what a pack needs) is
 * tested without a browser.
 */
import {
  UNITES,
  Unite,
  type Id,
  type Pack,
  type Price,
  type PricePer,
  type Purchase,
} from '@popote/domain';
import { numberOf } from '../number-input';

export interface PriceFields {
  /** '' for the default price. */
  supplierId: string;
  amount: number | string;
  /** 'pack' or a unit's number, as a Select holds it. */
  per: string;
  date: string;
}

export interface PurchaseFields {
  byPack: boolean;
  packName: string;
  packSize: number | string;
  packUnite: string;
  defaultPrice: PriceFields;
  supplierPrices: PriceFields[];
}

export const emptyPrice = (today: string, supplierId = ''): PriceFields => ({
  supplierId,
  amount: '',
  per: String(Unite.Kg),
  date: today,
});

/** The fields of an ingredient's row, or empty ones (a new pack counts in the need's unit). */
export function fieldsOf(purchase: Purchase | undefined, today: string): PurchaseFields {
  const pack = purchase?.pack ?? null;
  const toFields = (p: Price): PriceFields => ({
    supplierId: p.supplierId === null ? '' : String(p.supplierId),
    amount: p.amount,
    per: String(p.per),
    date: p.date,
  });
  const prices = purchase?.prices ?? [];
  const byDefault = prices.find((p) => p.supplierId === null);
  return {
    byPack: pack !== null,
    packName: pack?.name ?? '',
    packSize: pack?.size ?? '',
    packUnite: String(pack?.unite ?? Unite.G),
    defaultPrice: byDefault ? toFields(byDefault) : emptyPrice(today),
    supplierPrices: prices.filter((p) => p.supplierId !== null).map(toFields),
  };
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/u;

const isBlank = (value: number | string): boolean =>
  typeof value === 'string' && value.trim() === '';

const perOf = (per: string): PricePer => (per === 'pack' ? 'pack' : (Number(per) as Unite));

export type FormOutcome =
  | { ok: true; pack: Pack | null; prices: Price[] }
  | { ok: false; problem: 'packSize' | 'perPackNeedsPack' };

/**
 * The pack (when sold by pack with a size) and the prices whose amount is filled in. An empty
 * amount is no price; 0 is a price (a gift).
 */
export function readForm(
  fields: PurchaseFields,
  defaultPackName: string,
  today: string,
): FormOutcome {
  let pack: Pack | null = null;
  if (fields.byPack) {
    const size = numberOf(fields.packSize);
    if (!(size > 0)) return { ok: false, problem: 'packSize' };
    const unite = Number(fields.packUnite) as Unite;
    pack = {
      name: fields.packName.trim() || defaultPackName,
      size,
      unite: UNITES.includes(unite) ? unite : Unite.G,
    };
  }
  const prices: Price[] = [];
  for (const p of [fields.defaultPrice, ...fields.supplierPrices]) {
    if (isBlank(p.amount)) continue;
    const supplierId: Id | null = p.supplierId === '' ? null : Number(p.supplierId);
    if (supplierId !== null && !Number.isInteger(supplierId)) continue;
    prices.push({
      supplierId,
      amount: numberOf(p.amount),
      per: perOf(p.per),
      date: ISO_DAY.test(p.date) ? p.date : today,
    });
  }
  if (pack === null && prices.some((p) => p.per === 'pack')) {
    return { ok: false, problem: 'perPackNeedsPack' };
  }
  return { ok: true, pack, prices };
}
