import { describe, expect, it } from 'vitest';
import { Unite, type Purchase } from '@popote/domain';
import { emptyPrice, fieldsOf, readForm, type PurchaseFields } from './purchase-form';

const TODAY = '2026-11-24';

const fields = (over: Partial<PurchaseFields>): PurchaseFields => ({
  ...fieldsOf(undefined, TODAY),
  ...over,
});

describe('the purchase form', () => {
  it('starts empty: no pack, a default price to fill in, dated today', () => {
    expect(fieldsOf(undefined, TODAY)).toEqual({
      byPack: false,
      packName: '',
      packSize: '',
      packUnite: String(Unite.G),
      defaultPrice: { supplierId: '', amount: '', per: String(Unite.Kg), date: TODAY },
      supplierPrices: [],
    });
    expect(readForm(fieldsOf(undefined, TODAY), 'paquet', TODAY)).toEqual({
      ok: true,
      pack: null,
      prices: [],
    });
  });

  it("shows a row's pack and prices, and gives them back unchanged", () => {
    const row: Purchase = {
      id: 5,
      owner: 1,
      ingredientId: 9,
      pack: { name: 'plateau', size: 30, unite: Unite.Pieces },
      prices: [
        { supplierId: null, amount: 7.5, per: 'pack', date: '2026-10-01' },
        { supplierId: 42, amount: 0.22, per: Unite.Pieces, date: '2026-11-02' },
      ],
    };
    const shown = fieldsOf(row, TODAY);
    expect(shown.byPack).toBe(true);
    expect(shown.defaultPrice).toEqual({
      supplierId: '',
      amount: 7.5,
      per: 'pack',
      date: '2026-10-01',
    });
    expect(shown.supplierPrices).toEqual([
      { supplierId: '42', amount: 0.22, per: String(Unite.Pieces), date: '2026-11-02' },
    ]);
    expect(readForm(shown, 'paquet', TODAY)).toEqual({
      ok: true,
      pack: row.pack,
      prices: row.prices,
    });
  });

  it('reads decimal commas, names an unnamed pack and dates an undated price today', () => {
    const form = readForm(
      fields({
        byPack: true,
        packName: '  ',
        packSize: '2,5',
        packUnite: String(Unite.Kg),
        defaultPrice: { supplierId: '', amount: '3,20', per: 'pack', date: '' },
      }),
      'paquet',
      TODAY,
    );
    expect(form).toEqual({
      ok: true,
      pack: { name: 'paquet', size: 2.5, unite: Unite.Kg },
      prices: [{ supplierId: null, amount: 3.2, per: 'pack', date: TODAY }],
    });
  });

  it('keeps a price of 0 (a gift) but no empty amount', () => {
    const form = readForm(
      fields({
        defaultPrice: { ...emptyPrice(TODAY), amount: 0 },
        supplierPrices: [emptyPrice(TODAY, '7')],
      }),
      'paquet',
      TODAY,
    );
    expect(form).toEqual({
      ok: true,
      pack: null,
      prices: [{ supplierId: null, amount: 0, per: Unite.Kg, date: TODAY }],
    });
  });

  it('refuses a pack without a size and a price per pack without a pack', () => {
    expect(readForm(fields({ byPack: true, packSize: '' }), 'paquet', TODAY)).toEqual({
      ok: false,
      problem: 'packSize',
    });
    expect(
      readForm(
        fields({ defaultPrice: { ...emptyPrice(TODAY), amount: 2, per: 'pack' } }),
        'paquet',
        TODAY,
      ),
    ).toEqual({ ok: false, problem: 'perPackNeedsPack' });
  });
});
