/**
 * The kitchen's register on paper (issue 35): a small stay from Monday 7 July 2025 whose
 * register holds, on day 0, the lunch's sample (thrown on day 6) and the dinner's (kept), a
 * fridge reading in range and one out of range with its corrective action, a freezer reading
 * without a unit the stay still has, an accepted delivery with its lot and use-by date and a
 * refused one, too warm, with its reason; on day 1 one reading. The plan's values, then the PDF
 * read back as text.
 */
import { describe, expect, it } from 'vitest';
import type {
  PublicUser,
  RegisterDelivery,
  RegisterEntry,
  RegisterReading,
  RegisterSample,
} from '@popote/domain';
import { registerFileName } from './file-names.js';
import { buildRegisterPdf } from './register-pdf.js';
import type { RegisterInput } from './register-plan.js';
import { formatTemperature, planRegister, rangeLabel } from './register-plan.js';
import { readPdfPages } from '../test/pdf-text-reader.js';

const OWNER = 1;
const USERS: PublicUser[] = [
  { id: OWNER, pseudo: 'Directrice' },
  { id: 2, pseudo: 'Cuistot' },
  { id: 3, pseudo: 'Adjoint' },
  { id: 4, pseudo: 'Animateur' },
  { id: 5, pseudo: 'Économe' },
];
const base = { stayId: 9, owner: OWNER };

const sample = (
  id: number,
  day: number,
  slot: RegisterSample['slot'],
  time: string,
  dishes: string[],
  discarded: string | null,
): RegisterSample => ({
  ...base,
  id,
  kind: 'sample',
  mealId: 100 + id,
  day,
  slot,
  time,
  by: 2,
  dishes,
  discarded,
});

const reading = (
  id: number,
  day: number,
  unit: string,
  time: string,
  value: number,
  action = '',
  note = '',
): RegisterReading => ({
  ...base,
  id,
  kind: 'reading',
  day,
  unit,
  time,
  value,
  note,
  action,
  by: 2,
});

const delivery = (id: number, fields: Partial<RegisterDelivery>): RegisterDelivery => ({
  ...base,
  id,
  kind: 'delivery',
  day: 0,
  time: '08:30',
  supplier: 'Boucherie Martin',
  ingredientId: 11,
  product: 'Bœuf haché',
  val: 5,
  unite: 1,
  lot: 'L2507-12',
  dateKind: 'dlc',
  date: '2025-07-10',
  storage: 'chilled',
  temperature: 3,
  accepted: true,
  reason: '',
  stockId: null,
  by: 5,
  ...fields,
});

const ENTRIES: RegisterEntry[] = [
  reading(
    20,
    0,
    'refrigerateur',
    '18:40',
    7.5,
    'Porte mal fermée : refermée, contrôle à 19:30 : 3 °C',
    'Après livraison',
  ),
  sample(10, 0, 1, '12:15', ['Bolognaise', 'Pain'], '2025-07-13T10:05:00.000Z'),
  reading(21, 0, 'refrigerateur', '07:50', 3),
  sample(11, 0, 3, '19:20', ['Riz au lait'], null),
  reading(22, 0, 'congelateur', '07:55', -18.5),
  delivery(30, {}),
  delivery(31, {
    time: '10:10',
    supplier: 'Laiterie du Val',
    product: 'Crème fraîche',
    val: 2,
    unite: 3,
    lot: '',
    dateKind: 'ddm',
    date: '2025-08-01',
    temperature: 9,
    accepted: false,
    reason: 'Température trop élevée',
  }),
  reading(23, 1, 'refrigerateur', '08:00', 2),
  // Another day, not chosen.
  reading(24, 3, 'refrigerateur', '08:00', 12),
];

function registerInput(days: number[] = [0, 1]): RegisterInput {
  return {
    stay: { name: 'Camp d’été', start: '2025-07-07', owner: OWNER },
    days,
    entries: ENTRIES,
    members: [
      { userId: 2, role: 'keep' },
      { userId: 3, role: 'plan' },
      { userId: 4, role: 'read' },
      { userId: 5, role: 'keep' },
    ],
    users: USERS,
    // Summer time in France: two hours east of UTC.
    utcOffsetOf: () => 120,
  };
}

describe('the register plan', () => {
  const plan = planRegister(registerInput());
  const [monday, tuesday, ...more] = plan.days;

  it('names the stay, its days and the people in charge with their roles', () => {
    expect(plan.stayName).toBe('Camp d’été');
    expect(plan.period).toBe('Du lundi 7 juillet 2025 au mardi 8 juillet 2025');
    expect(plan.team).toEqual([
      { role: 'Responsable', names: ['Directrice'] },
      { role: 'Organisation', names: ['Adjoint'] },
      { role: 'Cuisine', names: ['Cuistot', 'Économe'] },
      { role: 'Lecture', names: ['Animateur'] },
    ]);
    expect(plan.units).toEqual([
      'Réfrigérateur : 0 °C à 4 °C',
      'Congélateur : \u221218 °C au plus',
    ]);
  });

  it('gives each chosen day, and only those', () => {
    expect(more).toEqual([]);
    expect(monday?.title).toBe('Lundi 7 juillet 2025');
    expect(tuesday?.title).toBe('Mardi 8 juillet 2025');
    expect(tuesday?.samples).toEqual([]);
    expect(tuesday?.deliveries).toEqual([]);
    expect(tuesday?.readings.map((r) => r.value)).toEqual(['2 °C']);
  });

  it('lists the readings each day lacks, morning and evening, unit by unit', () => {
    expect(monday?.missing).toEqual([{ unit: 'Congélateur', check: 'Soir' }]);
    expect(tuesday?.missing.map((m) => `${m.unit} ${m.check}`)).toEqual(
      expect.arrayContaining(['Congélateur Matin', 'Congélateur Soir']),
    );
  });

  it('lists the samples by meal, with who took them and when they were thrown', () => {
    expect(monday?.samples).toEqual([
      {
        meal: 'Midi',
        dishes: 'Bolognaise, Pain',
        time: '12:15',
        by: 'Cuistot',
        discarded: 'Jeté le 13 juillet 2025 à 12:05',
      },
      {
        meal: 'Dîner',
        dishes: 'Riz au lait',
        time: '19:20',
        by: 'Cuistot',
        discarded: 'Conservé (à jeter à partir du dimanche 13 juillet 2025)',
      },
    ]);
  });

  it('marks the reading out of range and gives its corrective action', () => {
    expect(monday?.readings).toEqual([
      {
        unit: 'Réfrigérateur (0 °C à 4 °C)',
        time: '07:50',
        value: '3 °C',
        outOfRange: false,
        mark: '',
        by: 'Cuistot',
        remarks: [],
      },
      {
        unit: 'Congélateur (\u221218 °C au plus)',
        time: '07:55',
        value: '\u221218,5 °C',
        outOfRange: false,
        mark: '',
        by: 'Cuistot',
        remarks: [],
      },
      {
        unit: 'Réfrigérateur (0 °C à 4 °C)',
        time: '18:40',
        value: '7,5 °C',
        outOfRange: true,
        mark: 'HORS PLAGE',
        by: 'Cuistot',
        remarks: [
          'Après livraison',
          'Action corrective : Porte mal fermée : refermée, contrôle à 19:30 : 3 °C',
        ],
      },
    ]);
  });

  it('says when a reading out of range still lacks its action', () => {
    const [row] = planRegister({ ...registerInput([3]) }).days[0]!.readings;
    expect(row).toMatchObject({
      outOfRange: true,
      remarks: ['Action corrective : non renseignée'],
    });
  });

  it('gives each delivery with its lot, its date, its temperature and the decision', () => {
    expect(monday?.deliveries).toEqual([
      {
        time: '08:30',
        supplier: 'Boucherie Martin',
        product: 'Bœuf haché',
        quantity: '5 kg',
        lot: 'L2507-12',
        date: 'DLC 10/07/2025',
        temperature: '3 °C',
        tooWarm: false,
        accepted: true,
        decision: 'Acceptée',
        by: 'Économe',
      },
      {
        time: '10:10',
        supplier: 'Laiterie du Val',
        product: 'Crème fraîche',
        quantity: '2 L',
        lot: '—',
        date: 'DDM 01/08/2025',
        temperature: '9 °C',
        tooWarm: true,
        accepted: false,
        decision: 'Refusée : Température trop élevée',
        by: 'Économe',
      },
    ]);
  });

  it('writes temperatures and ranges in French', () => {
    expect(formatTemperature(-18)).toBe('\u221218 °C');
    expect(formatTemperature(3.25)).toBe('3,3 °C');
    expect(formatTemperature(-0.01)).toBe('0 °C');
    expect(rangeLabel({ min: 2, max: null })).toBe('2 °C au moins');
  });

  it('names an author it does not know', () => {
    const plan2 = planRegister({ ...registerInput([1]), users: [] });
    expect(plan2.days[0]?.readings[0]?.by).toBe('Utilisateur inconnu');
    expect(plan2.team[0]).toEqual({ role: 'Responsable', names: ['Utilisateur inconnu'] });
  });
});

describe('the register PDF', () => {
  it('holds every entry, the marks, the actions and the page numbers', async () => {
    const pages = readPdfPages(await buildRegisterPdf(registerInput()));
    const texts = pages.flat();
    expect(texts).toEqual(
      expect.arrayContaining([
        'Registre de cuisine',
        'Camp d’été - Du lundi 7 juillet 2025 au mardi 8 juillet 2025',
        'Personnes responsables',
        'Responsable : Directrice',
        'Organisation : Adjoint',
        'Cuisine : Cuistot, Économe',
        'Lecture : Animateur',
        'Réfrigérateur : 0 °C à 4 °C',
        // The minus sign is the WinAnsi hyphen.
        'Congélateur : -18 °C au plus',
        'Lundi 7 juillet 2025',
        'Plats témoins',
        'Midi',
        'Bolognaise, Pain',
        '12:15',
        'Jeté le 13 juillet 2025 à 12:05',
        'Riz au lait',
        'Conservé (à jeter à partir du dimanche 13 juillet 2025)',
        'Températures des enceintes froides',
        '3 °C',
        '-18,5 °C',
        '7,5 °C',
        'HORS PLAGE',
        'Après livraison',
        'Réceptions des marchandises',
        'Boucherie Martin',
        'Bœuf haché',
        '5 kg',
        'L2507-12',
        'DLC 10/07/2025',
        'Acceptée',
        'Économe',
        'Laiterie du Val',
        'Crème fraîche',
        '2 L',
        'DDM 01/08/2025',
        '9 °C',
        'TROP CHAUD',
        'Refusée : Température trop élevée',
        'Mardi 8 juillet 2025',
        'Aucun plat témoin prélevé ce jour.',
        'Aucune réception ce jour.',
        '2 °C',
      ]),
    );
    // The action, wrapped in its column or not, is all there.
    expect(texts.join(' ')).toContain(
      'Action corrective : Porte mal fermée : refermée, contrôle à 19:30 : 3 °C',
    );
    // A reading the day lacks is there too, marked.
    expect(texts).toContain('NON RELEVÉ');
    // 'HORS PLAGE' follows the value it marks, in its cell.
    expect(texts[texts.indexOf('7,5 °C') + 1]).toBe('HORS PLAGE');
    // The day left out is not there.
    expect(texts).not.toContain('12 °C');
    pages.forEach((page, i) => expect(page).toContain(`page ${i + 1} / ${pages.length}`));
  });

  it('numbers every page of a long register', async () => {
    const days = Array.from({ length: 12 }, (_, i) => i);
    const entries: RegisterEntry[] = days.flatMap((day) => [
      sample(1000 + day * 10, day, 1, '12:00', ['Plat du jour'], null),
      sample(1001 + day * 10, day, 3, '19:00', ['Soupe'], null),
      reading(1002 + day * 10, day, 'refrigerateur', '08:00', 3),
      reading(1003 + day * 10, day, 'refrigerateur', '18:00', 5, 'Réglage du thermostat'),
      delivery(1004 + day * 10, { day }),
    ]);
    const pages = readPdfPages(await buildRegisterPdf({ ...registerInput(days), entries }));
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, i) => expect(page).toContain(`page ${i + 1} / ${pages.length}`));
    expect(pages[0]).toContain('page 1 / ' + pages.length);
    // Each day is there once.
    const texts = pages.flat();
    expect(texts.filter((t) => t === 'HORS PLAGE')).toHaveLength(12);
    expect(
      texts.filter((t) => /^(Lundi|Mardi|Mercredi|Jeudi|Vendredi|Samedi|Dimanche) /u.test(t)),
    ).toHaveLength(12);
  });

  it('goes on with a table cut by a page under its title and head again', async () => {
    const entries = Array.from({ length: 40 }, (_, i) =>
      reading(
        2000 + i,
        0,
        'refrigerateur',
        `${String(6 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`,
        3,
      ),
    );
    const pages = readPdfPages(await buildRegisterPdf({ ...registerInput([0]), entries }));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[1]).toEqual(
      expect.arrayContaining([
        'Températures des enceintes froides (suite)',
        'Enceinte',
        'Remarque et action corrective',
        `page 2 / ${pages.length}`,
      ]),
    );
    expect(pages.flat().filter((t) => t === 'Réfrigérateur (0 °C à 4 °C)')).toHaveLength(40);
  });

  it('is named after the stay', () => {
    expect(registerFileName('Camp d’été')).toBe('Camp d’été Registre de cuisine.pdf');
  });
});
