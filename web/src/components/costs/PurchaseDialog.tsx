/**
 * 'Prix et paquet' of one ingredient (issue 21): what it is sold in and what it costs, by
 * default and at some suppliers. Any ingredient the user reads may get them (catalogue ones
 * too): they are the user's own facts, in the user's purchase row.
 */
import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  dateToIsoDay,
  perLabel,
  UNITE_LABELS,
  UNITES,
  type Id,
  type Ingredient,
  type Purchase,
  type Stay,
} from '@popote/domain';
import { notifySuccess } from '../../feedback/feedback';
import { COMMON, COSTS } from '../../strings';
import { useMutate } from '../../sync/useMutate';
import { useSync } from '../../sync/SyncProvider';
import {
  emptyPrice,
  fieldsOf,
  readForm,
  type PriceFields,
  type PurchaseFields,
} from './purchase-form';
import { usePurchases, useSupplierChoices, type SupplierChoice } from './usePurchases';

const UNIT_OPTIONS = UNITES.map((u) => ({ value: String(u), label: UNITE_LABELS[u] }));

/**
 * The dialog of one ingredient, once its row (if any) is read: the user's own, or, from a
 * stay's export screen, the stay owner's (its costs count them; a member who plans the stay
 * sets them, issue 32).
 */
export function PurchaseDialog({
  ingredient,
  stay,
  onClose,
}: {
  ingredient: Ingredient;
  stay?: Pick<Stay, 'id' | 'owner'>;
  onClose: () => void;
}) {
  const { userId } = useSync();
  const ofStay = stay !== undefined && stay.owner !== userId ? stay : undefined;
  const purchases = usePurchases(ofStay?.owner ?? userId);
  if (purchases === undefined) return null;
  return (
    <PurchaseForm
      ingredient={ingredient}
      purchase={purchases.get(ingredient.id)}
      stayId={ofStay?.id}
      onClose={onClose}
    />
  );
}

function PurchaseForm({
  ingredient,
  purchase,
  stayId,
  onClose,
}: {
  ingredient: Ingredient;
  /** The fields start from it; a change made meanwhile elsewhere is overwritten on save. */
  purchase: Purchase | undefined;
  /** The stay whose owner's prices these are; undefined: the user's own. */
  stayId: Id | undefined;
  onClose: () => void;
}) {
  const mutate = useMutate();
  const suppliers = useSupplierChoices();
  const today = dateToIsoDay(new Date());
  const [fields, setFields] = useState<PurchaseFields>(() => fieldsOf(purchase, today));
  const [problem, setProblem] = useState<string | null>(null);
  const set = (change: Partial<PurchaseFields>) => setFields((f) => ({ ...f, ...change }));

  const packLabel = fields.packName.trim() || COSTS.defaultPackName;
  const perOptions = [
    { value: 'pack', label: COSTS.perPack(packLabel) },
    ...UNITES.map((u) => ({ value: String(u), label: perLabel(u, null) })),
  ];
  const used = new Set(fields.supplierPrices.map((p) => p.supplierId));
  const free = (suppliers ?? []).filter((s) => !used.has(String(s.id)));

  async function save() {
    const form = readForm(fields, COSTS.defaultPackName, today);
    if (!form.ok) {
      setProblem(form.problem === 'packSize' ? COSTS.packSize : COSTS.perPackNeedsPack);
      return;
    }
    // A supplier deleted since its price was set takes its price along (else none could be saved).
    const known = new Set((suppliers ?? []).map((s) => s.id));
    const prices = form.prices.filter((p) => p.supplierId === null || known.has(p.supplierId));
    const done = await mutate('setPurchase', (ids) => ({
      id: ids.next(),
      ingredientId: ingredient.id,
      pack: form.pack,
      prices,
      ...(stayId === undefined ? {} : { stayId }),
    }));
    if (done !== null) {
      notifySuccess(COSTS.saved);
      onClose();
    }
  }

  return (
    <Modal opened onClose={onClose} title={COSTS.title(ingredient.name)} size="lg">
      <Stack data-testid="purchase-dialog">
        <Title order={3} size="h5">
          {COSTS.packTitle}
        </Title>
        <Checkbox
          label={COSTS.byPack}
          checked={fields.byPack}
          onChange={(e) => set({ byPack: e.currentTarget.checked })}
        />
        {fields.byPack && (
          <Group grow align="flex-end" wrap="wrap">
            <TextInput
              label={COSTS.packName}
              placeholder={COSTS.packNamePlaceholder}
              value={fields.packName}
              onChange={(e) => set({ packName: e.currentTarget.value })}
              miw={140}
            />
            <NumberInput
              label={COSTS.packSize}
              value={fields.packSize}
              onChange={(v) => set({ packSize: v })}
              decimalSeparator=","
              min={0}
              decimalScale={3}
              error={problem === COSTS.packSize ? COSTS.packSize : null}
              miw={110}
            />
            <Select
              label={COSTS.unit}
              data={UNIT_OPTIONS}
              value={fields.packUnite}
              onChange={(v) => v !== null && set({ packUnite: v })}
              allowDeselect={false}
              miw={100}
            />
          </Group>
        )}

        <Title order={3} size="h5">
          {COSTS.defaultPrice}
        </Title>
        <PriceRow
          value={fields.defaultPrice}
          perOptions={perOptions}
          onChange={(defaultPrice) => set({ defaultPrice })}
        />

        <Title order={3} size="h5">
          {COSTS.supplierPrices}
        </Title>
        <Text size="sm" c="dimmed">
          {COSTS.supplierPricesHint}
        </Text>
        {fields.supplierPrices.map((price, i) => (
          <SupplierPriceRow
            // Rows are only added at the end and removed: their place is their identity.
            key={i}
            value={price}
            // One price per supplier: the others' suppliers are not offered again.
            suppliers={(suppliers ?? []).filter(
              (s) =>
                String(s.id) === price.supplierId ||
                !fields.supplierPrices.some((p) => p.supplierId === String(s.id)),
            )}
            perOptions={perOptions}
            onChange={(changed) =>
              set({
                supplierPrices: fields.supplierPrices.map((p, j) => (j === i ? changed : p)),
              })
            }
            onRemove={() =>
              set({ supplierPrices: fields.supplierPrices.filter((_, j) => j !== i) })
            }
          />
        ))}
        {suppliers !== undefined && suppliers.length === 0 ? (
          <Text size="sm" c="dimmed">
            {COSTS.noSupplier}
          </Text>
        ) : (
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              disabled={free.length === 0}
              onClick={() =>
                set({
                  supplierPrices: [
                    ...fields.supplierPrices,
                    emptyPrice(today, String(free[0]?.id ?? '')),
                  ],
                })
              }
            >
              {COSTS.addSupplierPrice}
            </Button>
          </Group>
        )}
        {problem === COSTS.perPackNeedsPack && (
          <Text c="red" size="sm" role="alert">
            {problem}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {COMMON.cancel}
          </Button>
          <Button onClick={() => void save()}>{COMMON.save}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function PriceRow({
  value,
  perOptions,
  onChange,
  label,
}: {
  value: PriceFields;
  perOptions: { value: string; label: string }[];
  onChange: (value: PriceFields) => void;
  /** Names the row's fields for a screen reader (the supplier's prices). */
  label?: string;
}) {
  const named = (field: string) => (label === undefined ? field : `${field} (${label})`);
  return (
    <Group grow align="flex-end" wrap="wrap">
      <NumberInput
        label={COSTS.amount}
        aria-label={named(COSTS.amount)}
        value={value.amount}
        onChange={(amount) => onChange({ ...value, amount })}
        decimalSeparator=","
        min={0}
        decimalScale={2}
        miw={100}
      />
      <Select
        label={COSTS.per}
        aria-label={named(COSTS.per)}
        data={perOptions}
        value={value.per}
        onChange={(v) => v !== null && onChange({ ...value, per: v })}
        allowDeselect={false}
        miw={140}
      />
      <TextInput
        type="date"
        label={COSTS.date}
        aria-label={named(COSTS.date)}
        value={value.date}
        onChange={(e) => onChange({ ...value, date: e.currentTarget.value })}
        miw={140}
      />
    </Group>
  );
}

function SupplierPriceRow({
  value,
  suppliers,
  perOptions,
  onChange,
  onRemove,
}: {
  value: PriceFields;
  suppliers: readonly SupplierChoice[];
  perOptions: { value: string; label: string }[];
  onChange: (value: PriceFields) => void;
  onRemove: () => void;
}) {
  const options = suppliers.map((s) => ({
    value: String(s.id),
    label: COSTS.supplierOption(s.profile, s.name),
  }));
  const name = options.find((o) => o.value === value.supplierId)?.label ?? COSTS.supplier;
  return (
    <Stack gap={4} data-testid="supplier-price">
      <Group align="flex-end" wrap="nowrap">
        <Select
          label={COSTS.supplier}
          data={options}
          value={value.supplierId}
          onChange={(v) => v !== null && onChange({ ...value, supplierId: v })}
          allowDeselect={false}
          searchable
          style={{ flex: 1 }}
        />
        <ActionIcon
          variant="subtle"
          color="red"
          size="xl"
          aria-label={COSTS.removeSupplierPrice(name)}
          onClick={onRemove}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Group>
      <PriceRow value={value} perOptions={perOptions} onChange={onChange} label={name} />
    </Stack>
  );
}
