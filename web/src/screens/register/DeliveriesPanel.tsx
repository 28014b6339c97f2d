/**
 * 'Réceptions': the deliveries of the day (supplier, product, quantity, lot, use-by or
 * best-before date, storage and temperature on arrival, accepted or refused with its reason);
 * an accepted one goes to the larder in one tap ('Mettre en réserve').
 */
import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Autocomplete,
  Badge,
  Button,
  Card,
  Group,
  Input,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArchive,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import {
  ARRIVAL_MAX,
  autoSlashDateInput,
  clockTime,
  DATE_FIELD_LENGTH,
  deliveriesOf,
  entriesOfDay,
  formatFrenchDateField,
  isArrivalTooWarm,
  Unite,
  UNITES,
  UNITE_LABELS,
  type DateKind,
  type RegisterDelivery,
  type Stay,
} from '@popote/domain';
import { REGISTER } from '../../strings';
import { useMutate, useMutateUndoable } from '../../sync/useMutate';
import type { RegisterPartProps } from './RegisterScreen';
import {
  awaitsLarder,
  checkDelivery,
  formatCelsius,
  type DeliveryForm,
  type DeliveryStorageChoice,
} from './register-view';
import { useIngredients, useSupplierNames, type RegisterRead } from './useRegister';

/** How many products the picker lists while typing. */
const PICKER_LIMIT = 30;

const quantityFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 3 });

export function DeliveriesPanel({
  stay,
  day,
  keeps,
  read,
}: RegisterPartProps & {
  read: RegisterRead;
}) {
  const deliveries = entriesOfDay(deliveriesOf(read.entries), day);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<RegisterDelivery | null>(null);
  return (
    <Stack gap="md" data-testid="register-deliveries">
      {keeps && (
        <Button
          leftSection={<IconPlus size={18} />}
          w="fit-content"
          onClick={() => setAdding(true)}
        >
          {REGISTER.addDelivery}
        </Button>
      )}
      {deliveries.length === 0 && (
        <Text fs="italic" c="dimmed">
          {REGISTER.noDelivery}
        </Text>
      )}
      {deliveries.map((d) => (
        <DeliveryCard
          key={d.id}
          delivery={d}
          pseudo={read.pseudos.get(d.by) ?? REGISTER.someone}
          keeps={keeps}
          onEdit={() => setEditing(d)}
        />
      ))}
      {adding && <DeliveryDialog stay={stay} day={day} onClose={() => setAdding(false)} />}
      {editing !== null && (
        <DeliveryDialog stay={stay} day={day} delivery={editing} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}

function DeliveryCard(props: {
  delivery: RegisterDelivery;
  pseudo: string;
  keeps: boolean;
  onEdit: () => void;
}) {
  const { delivery: d, pseudo, keeps, onEdit } = props;
  const mutate = useMutate();
  const mutateUndoable = useMutateUndoable();
  const tooWarm =
    d.storage !== 'ambient' && d.temperature !== null && isArrivalTooWarm(d.storage, d.temperature);
  const details = [
    d.supplier,
    d.lot === '' ? null : REGISTER.lotShown(d.lot),
    d.date === null
      ? null
      : REGISTER.dateShown(REGISTER.dateKinds[d.dateKind], formatFrenchDateField(d.date)),
    REGISTER.storages[d.storage],
  ].filter((x): x is string => x !== null && x !== '');
  return (
    <Card withBorder padding="sm" data-testid="delivery" component="section" aria-label={d.product}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} size="h5">
              {d.product} · {quantityFormat.format(d.val)} {UNITE_LABELS[d.unite]}
            </Title>
            <Text size="sm" data-testid="delivery-details">
              {details.join(' · ')}
            </Text>
          </Stack>
          {keeps && (
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label={REGISTER.editDeliveryOf(d.product)}
                onClick={onEdit}
              >
                <IconPencil size={18} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={REGISTER.removeDelivery(d.product)}
                onClick={() =>
                  void mutateUndoable('deleteRegisterEntry', { id: d.id }, REGISTER.deliveryRemoved)
                }
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          )}
        </Group>
        {d.temperature !== null && (
          <Text size="sm" c={tooWarm ? 'red' : undefined} fw={tooWarm ? 700 : undefined}>
            {REGISTER.arrivalShown(formatCelsius(d.temperature))}
            {tooWarm && d.storage !== 'ambient'
              ? ` · ${REGISTER.tooWarm(formatCelsius(ARRIVAL_MAX[d.storage]))}`
              : ''}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {REGISTER.receivedBy(d.time, pseudo)}
        </Text>
        <Group gap="xs" justify="space-between">
          {d.accepted ? (
            <Badge color="green" variant="light">
              {REGISTER.accepted}
            </Badge>
          ) : (
            <Text size="sm" c="red" fw={600} data-testid="delivery-refused">
              {REGISTER.refusedBecause(d.reason)}
            </Text>
          )}
          {d.stockId !== null && (
            <Badge color="blue" variant="light" data-testid="delivery-stored">
              {REGISTER.stored}
            </Badge>
          )}
          {keeps && awaitsLarder(d) && (
            <Button
              variant="light"
              leftSection={<IconArchive size={18} />}
              onClick={() =>
                void mutate('storeDelivery', (ids) => ({ id: d.id, stockId: ids.next() }))
              }
            >
              {REGISTER.store}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function formOf(d: RegisterDelivery | undefined): DeliveryForm {
  return {
    supplier: d?.supplier ?? '',
    ingredientId: d === undefined ? null : String(d.ingredientId),
    val: d?.val ?? '',
    unite: String(d?.unite ?? Unite.Kg),
    lot: d?.lot ?? '',
    dateKind: d?.dateKind ?? 'dlc',
    dateText: d === undefined || d.date === null ? '' : formatFrenchDateField(d.date),
    storage: d?.storage ?? 'chilled',
    temperature: d?.temperature ?? '',
    accepted: d?.accepted ?? true,
    reason: d?.reason ?? '',
    time: d?.time ?? clockTime(),
  };
}

/** 'Ajouter une réception', or the same form to change one. */
function DeliveryDialog(props: {
  stay: Stay;
  day: number;
  delivery?: RegisterDelivery;
  onClose: () => void;
}) {
  const { stay, day, delivery, onClose } = props;
  const mutate = useMutate();
  const mutateUndoable = useMutateUndoable();
  const suppliers = useSupplierNames(stay);
  const ingredients = useIngredients();
  const products = useMemo(
    () => (ingredients ?? []).map((i) => ({ value: String(i.id), label: i.name })),
    [ingredients],
  );
  const [form, setForm] = useState<DeliveryForm>(() => formOf(delivery));
  const [tried, setTried] = useState(false);
  const set = (patch: Partial<DeliveryForm>) => setForm((f) => ({ ...f, ...patch }));
  const check = checkDelivery(form);
  const valid = Object.keys(check.errors).length === 0;
  const shown = (error: string | undefined) => (tried ? error : undefined);

  async function save() {
    setTried(true);
    if (!valid || form.ingredientId === null) return;
    const fields = {
      time: form.time,
      supplier: form.supplier,
      ingredientId: Number(form.ingredientId),
      val: Number(String(form.val).replace(',', '.')),
      unite: Number(form.unite) as Unite,
      lot: form.lot,
      dateKind: form.dateKind,
      date: check.date,
      storage: form.storage,
      temperature: check.temperature,
      accepted: form.accepted,
      reason: form.accepted ? '' : form.reason,
    };
    const done =
      delivery === undefined
        ? await mutate('addDelivery', (ids) => ({
            id: ids.next(),
            stayId: stay.id,
            day,
            ...fields,
          }))
        : await mutateUndoable(
            'updateDelivery',
            { id: delivery.id, ...fields },
            REGISTER.deliveryChanged,
          );
    if (done !== null) onClose();
  }

  const title = delivery === undefined ? REGISTER.addDelivery : REGISTER.editDelivery;
  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <Autocomplete
            label={REGISTER.supplier}
            description={REGISTER.supplierHint}
            data={suppliers}
            value={form.supplier}
            onChange={(supplier) => set({ supplier })}
            maxLength={100}
          />
          <Select
            label={REGISTER.product}
            searchable
            limit={PICKER_LIMIT}
            data={products}
            value={form.ingredientId}
            onChange={(ingredientId) => set({ ingredientId })}
            error={shown(check.errors.ingredient)}
            required
          />
          <Group gap="xs" grow align="flex-start">
            <NumberInput
              label={REGISTER.quantity}
              min={0}
              max={1e9}
              decimalSeparator=","
              value={form.val}
              onChange={(val) => set({ val })}
              error={shown(check.errors.val)}
              required
            />
            <Select
              label={REGISTER.unit}
              allowDeselect={false}
              data={UNITES.map((u) => ({ value: String(u), label: UNITE_LABELS[u] }))}
              value={form.unite}
              onChange={(v) => v !== null && set({ unite: v })}
            />
          </Group>
          <TextInput
            label={REGISTER.lot}
            value={form.lot}
            maxLength={100}
            onChange={(e) => set({ lot: e.currentTarget.value })}
          />
          <Input.Wrapper
            label={REGISTER.dateKind}
            description={REGISTER.dateKindHelp[form.dateKind]}
          >
            <SegmentedControl
              fullWidth
              aria-label={REGISTER.dateKind}
              data={(['dlc', 'ddm'] as const).map((k) => ({
                value: k,
                label: REGISTER.dateKinds[k],
              }))}
              value={form.dateKind}
              onChange={(v) => set({ dateKind: v as DateKind })}
            />
          </Input.Wrapper>
          <TextInput
            label={REGISTER.date}
            placeholder={REGISTER.datePlaceholder}
            inputMode="numeric"
            maxLength={DATE_FIELD_LENGTH}
            value={form.dateText}
            onChange={(e) =>
              set({ dateText: autoSlashDateInput(form.dateText, e.currentTarget.value) })
            }
            error={
              form.dateText.length >= DATE_FIELD_LENGTH || tried ? check.errors.date : undefined
            }
          />
          <Input.Wrapper label={REGISTER.storage}>
            <SegmentedControl
              fullWidth
              aria-label={REGISTER.storage}
              data={(['ambient', 'chilled', 'frozen'] as const).map((s) => ({
                value: s,
                label: REGISTER.storages[s],
              }))}
              value={form.storage}
              onChange={(v) => set({ storage: v as DeliveryStorageChoice })}
            />
          </Input.Wrapper>
          {form.storage !== 'ambient' && (
            <NumberInput
              label={REGISTER.arrivalTemperature}
              decimalSeparator=","
              allowNegative
              decimalScale={1}
              min={-80}
              max={150}
              value={form.temperature}
              onChange={(temperature) => set({ temperature })}
            />
          )}
          {check.tooWarm && form.storage !== 'ambient' && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              data-testid="delivery-too-warm"
              p="xs"
            >
              {REGISTER.tooWarm(formatCelsius(ARRIVAL_MAX[form.storage]))}
            </Alert>
          )}
          <Input.Wrapper label={REGISTER.decision}>
            <SegmentedControl
              fullWidth
              aria-label={REGISTER.decision}
              color={form.accepted ? 'green' : 'red'}
              data={[
                { value: 'yes', label: REGISTER.accepted },
                { value: 'no', label: REGISTER.refused },
              ]}
              value={form.accepted ? 'yes' : 'no'}
              onChange={(v) => set({ accepted: v === 'yes' })}
            />
          </Input.Wrapper>
          {!form.accepted && (
            <Textarea
              label={REGISTER.reason}
              required
              autosize
              minRows={2}
              value={form.reason}
              onChange={(e) => set({ reason: e.currentTarget.value })}
              error={shown(check.errors.reason)}
            />
          )}
          <TextInput
            label={REGISTER.readingTime}
            type="time"
            value={form.time}
            onChange={(e) => set({ time: e.currentTarget.value })}
            error={shown(check.errors.time)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {REGISTER.cancel}
            </Button>
            <Button type="submit">{REGISTER.save}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
