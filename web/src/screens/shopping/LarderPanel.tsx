/**
 * The camp's larder: what is already there (ingredient, quantity). The export screen's needs and
 * new shopping lists subtract it. Entries add up: two devices noting flour offline both count.
 * An entry may carry its use-by or best-before date and its lot (issue 35); the panel warns of
 * what is expired, expires before a meal planned with it, is to eat soon or past its DDM.
 */
import { useMemo, useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCalendarEvent, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  autoSlashDateInput,
  compareByName,
  DATE_FIELD_LENGTH,
  MAX_NAME_LENGTH,
  stayDayToday,
  Unite,
  UNITES,
  UNITE_LABELS,
  type DateKind,
  type Id,
  type Ingredient,
  type MutationName,
  type Stay,
} from '@popote/domain';
import { LarderAlertText } from '../../components/larder/LarderAlertText';
import { entryDateLabel } from '../../components/larder/larder-alert-words';
import { numberOf } from '../../components/number-input';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { useLarderAlerts, type LarderAlertLine } from '../../data/larder-alerts';
import { useStayMay } from '../../data/team';
import { COMMON, LARDER, TEAM } from '../../strings';
import { useLocalQuery } from '../../sync/useLocal';
import { useMutate, useMutateUndoable } from '../../sync/useMutate';
import { useLarder, type LarderLine } from './useShopping';
import {
  datedFieldsOf,
  emptyDated,
  formatDateField,
  isDatedValid,
  dayTyped,
  type DatedFields,
} from './larder-dates';

/** How many ingredients the picker lists while typing. */
const PICKER_LIMIT = 30;

export function LarderPanel({ stay }: { stay: Stay }) {
  const stayId = stay.id;
  const lines = useLarder(stayId);
  const alerts = useLarderAlerts(stay);
  const alertsOf = useMemo(() => {
    const byEntry = new Map<Id, LarderAlertLine[]>();
    for (const line of alerts ?? []) {
      byEntry.set(line.alert.entry.id, [...(byEntry.get(line.alert.entry.id) ?? []), line]);
    }
    return byEntry;
  }, [alerts]);
  const today = stayDayToday(stay.start);
  // What the user's role allows (issue 32): the rules refuse the rest anyway.
  const may = useStayMay(stay);
  return (
    <Card withBorder data-testid="larder">
      <Stack>
        <Title order={2} size="h4">
          {LARDER.title}
        </Title>
        <Text size="sm" c="dimmed">
          {LARDER.hint}
        </Text>
        {may.known && !may('addStock') && !may('updateStock') && (
          <ReadOnlyNotice testId="larder-read-only">{TEAM.readOnlyLarder}</ReadOnlyNotice>
        )}
        {may('addStock') && <AddToLarder stayId={stayId} />}
        {lines !== undefined && lines.length === 0 && (
          <Text fs="italic" c="dimmed">
            {LARDER.empty}
          </Text>
        )}
        {lines !== undefined && lines.length > 0 && (
          <Table verticalSpacing={4} withRowBorders={false}>
            {lines.map((line) => (
              <LarderRow
                key={line.item.id}
                line={line}
                may={may}
                alerts={alertsOf.get(line.item.id) ?? []}
                stayStart={stay.start}
                today={today}
              />
            ))}
          </Table>
        )}
      </Stack>
    </Card>
  );
}

function LarderRow(props: {
  line: LarderLine;
  may: (name: MutationName) => boolean;
  alerts: readonly LarderAlertLine[];
  stayStart: string;
  today: number;
}) {
  const { line, may, alerts, stayStart, today } = props;
  const mutate = useMutate();
  const mutateUndoable = useMutateUndoable();
  const [editing, setEditing] = useState(false);
  const { item, ingredient } = line;
  const name = ingredient?.name ?? '';
  const date = entryDateLabel(item);
  return (
    // One body per entry: its line, then its date, lot and alerts across the whole width (a
    // phone leaves the name's column too narrow for a sentence).
    <Table.Tbody
      data-testid="larder-line"
      style={{ borderTop: '1px solid var(--table-border-color)' }}
    >
      <Table.Tr>
        <Table.Td>
          <Text>{name}</Text>
        </Table.Td>
        <Table.Td w={140}>
          <NumberInput
            miw={72}
            aria-label={LARDER.edit(name)}
            min={0}
            max={1e9}
            decimalSeparator=","
            value={item.val}
            readOnly={!may('updateStock')}
            onBlur={(e) => {
              const val = Number(e.currentTarget.value.replace(',', '.'));
              if (!may('updateStock')) return;
              if (Number.isFinite(val) && val >= 0 && val !== item.val) {
                void mutate('updateStock', { id: item.id, val });
              }
            }}
          />
        </Table.Td>
        <Table.Td>{UNITE_LABELS[item.unite]}</Table.Td>
        <Table.Td w={96}>
          <Group gap={4} wrap="nowrap" justify="flex-end">
            {may('updateStock') && (
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label={LARDER.editDetails(name)}
                onClick={() => setEditing(true)}
              >
                <IconCalendarEvent size={18} />
              </ActionIcon>
            )}
            {editing && (
              <EditDates
                name={name}
                initial={{
                  dateText: item.useBy ? formatDateField(item.useBy) : '',
                  kind: item.dateKind ?? 'dlc',
                  lot: item.lot ?? '',
                }}
                onClose={() => setEditing(false)}
                onSave={async (fields) => {
                  const done = await mutate('updateStock', { id: item.id, ...fields });
                  if (done !== null) setEditing(false);
                }}
              />
            )}
            {may('deleteStock') && (
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={LARDER.remove(name)}
                onClick={() => void mutateUndoable('deleteStock', { id: item.id }, LARDER.removed)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            )}
          </Group>
        </Table.Td>
      </Table.Tr>
      {(date !== null || item.lot || alerts.length > 0) && (
        <Table.Tr>
          <Table.Td colSpan={4} pt={0}>
            {(date !== null || item.lot) && (
              <Text size="sm" c="dimmed" data-testid="larder-line-date">
                {[date, item.lot ? LARDER.entryLot(item.lot) : null].filter(Boolean).join(' · ')}
              </Text>
            )}
            {alerts.map((a) => (
              <LarderAlertText key={a.alert.kind} line={a} stayStart={stayStart} today={today} />
            ))}
          </Table.Td>
        </Table.Tr>
      )}
    </Table.Tbody>
  );
}

function AddToLarder({ stayId }: { stayId: Id }) {
  const mutate = useMutate();
  const ingredients = useLocalQuery(
    async (store) => (await store.all('ingredients')).sort(compareByName),
    [],
  );
  const data = useMemo(
    () => (ingredients ?? []).map((i: Ingredient) => ({ value: String(i.id), label: i.name })),
    [ingredients],
  );
  const [ingredientId, setIngredientId] = useState<string | null>(null);
  const [val, setVal] = useState<number | string>('');
  const [unite, setUnite] = useState<string>(String(Unite.Kg));
  const [dated, setDated] = useState<DatedFields>(emptyDated);
  const ready = ingredientId !== null && numberOf(val) > 0 && isDatedValid(dated);

  async function add() {
    const amount = numberOf(val);
    if (ingredientId === null || amount <= 0 || !isDatedValid(dated)) return;
    const done = await mutate('addStock', (ids) => ({
      id: ids.next(),
      stayId,
      ingredientId: Number(ingredientId),
      unite: Number(unite) as Unite,
      val: amount,
      ...datedFieldsOf(dated),
    }));
    if (done !== null) {
      setIngredientId(null);
      setVal('');
      setDated(emptyDated);
    }
  }

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="xs">
        <Select
          label={LARDER.ingredient}
          searchable
          limit={PICKER_LIMIT}
          data={data}
          value={ingredientId}
          onChange={setIngredientId}
          style={{ flex: 2, minWidth: 180 }}
          data-testid="larder-ingredient"
        />
        <NumberInput
          label={LARDER.quantity}
          min={0}
          max={1e9}
          decimalSeparator=","
          value={val}
          onChange={setVal}
          style={{ flex: 1, minWidth: 90 }}
        />
        <Select
          label={LARDER.unit}
          allowDeselect={false}
          data={UNITES.map((u) => ({ value: String(u), label: UNITE_LABELS[u] }))}
          value={unite}
          onChange={(v) => v !== null && setUnite(v)}
          style={{ flex: 1, minWidth: 90 }}
        />
      </Group>
      <DateFields value={dated} onChange={setDated} />
      <Button
        leftSection={<IconPlus size={18} />}
        disabled={!ready}
        onClick={() => void add()}
        style={{ alignSelf: 'flex-start' }}
      >
        {LARDER.add}
      </Button>
    </Stack>
  );
}

/** The date, its kind and the lot of an entry. */
function DateFields({
  value,
  onChange,
}: {
  value: DatedFields;
  onChange: (next: DatedFields) => void;
}) {
  const [touched, setTouched] = useState(false);
  const invalid =
    dayTyped(value.dateText) === undefined &&
    (touched || value.dateText.length >= DATE_FIELD_LENGTH);
  return (
    <Group align="flex-start" gap="xs">
      <TextInput
        label={LARDER.date}
        placeholder={LARDER.datePlaceholder}
        inputMode="numeric"
        maxLength={DATE_FIELD_LENGTH}
        value={value.dateText}
        onChange={(e) =>
          onChange({
            ...value,
            dateText: autoSlashDateInput(value.dateText, e.currentTarget.value),
          })
        }
        onBlur={() => setTouched(true)}
        error={invalid ? LARDER.dateInvalid : null}
        style={{ flex: 1, minWidth: 130 }}
        data-testid="larder-date"
      />
      <Select
        label={LARDER.dateKind}
        allowDeselect={false}
        data={[
          { value: 'dlc', label: LARDER.dlcOption },
          { value: 'ddm', label: LARDER.ddmOption },
        ]}
        value={value.kind}
        onChange={(v) => v !== null && onChange({ ...value, kind: v as DateKind })}
        style={{ flex: 2, minWidth: 270 }}
        data-testid="larder-date-kind"
      />
      <TextInput
        label={LARDER.lot}
        maxLength={MAX_NAME_LENGTH}
        value={value.lot}
        onChange={(e) => onChange({ ...value, lot: e.currentTarget.value })}
        style={{ flex: 1, minWidth: 110 }}
        data-testid="larder-lot"
      />
    </Group>
  );
}

/** 'Date et lot de …': changes an entry's date, its kind and its lot. */
function EditDates(props: {
  name: string;
  initial: DatedFields;
  onClose: () => void;
  onSave: (fields: ReturnType<typeof datedFieldsOf>) => Promise<void>;
}) {
  const { name, initial, onClose, onSave } = props;
  const [dated, setDated] = useState(initial);
  function save(event: FormEvent) {
    event.preventDefault();
    if (isDatedValid(dated)) void onSave(datedFieldsOf(dated));
  }
  return (
    <Modal opened onClose={onClose} title={LARDER.editDetails(name)} size={600}>
      <form onSubmit={save} noValidate>
        <Stack>
          <DateFields value={dated} onChange={setDated} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {COMMON.cancel}
            </Button>
            <Button type="submit" disabled={!isDatedValid(dated)}>
              {COMMON.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
