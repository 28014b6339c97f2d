/**
 * 'Températures': the stay's cold units and their ranges (editable, more can be added), the
 * day's readings (a reading out of range stands out with its corrective action), the readings
 * the day still lacks, and 'Ajouter un relevé'.
 */
import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPencil, IconPlus, IconSettings, IconTrash } from '@tabler/icons-react';
import {
  clockTime,
  coldUnitsOf,
  entriesOfDay,
  isOutOfRange,
  missingReadings,
  readingsOf,
  type ColdUnit,
  type ReadingCheck as Check,
  type RegisterReading,
  type Stay,
} from '@popote/domain';
import { useSession } from '../../session/useSession';
import { REGISTER } from '../../strings';
import { useMutate, useMutateUndoable } from '../../sync/useMutate';
import type { RegisterPartProps } from './RegisterScreen';
import {
  checkReading,
  checkUnitDrafts,
  formatCelsius,
  missingLabels,
  rangeLabel,
  unitDraftOf,
  type ReadingForm,
  type UnitDraft,
} from './register-view';
import type { RegisterRead } from './useRegister';

export function TemperaturesPanel({
  stay,
  day,
  keeps,
  read,
}: RegisterPartProps & {
  read: RegisterRead;
}) {
  const units = coldUnitsOf(stay);
  const readings = entriesOfDay(readingsOf(read.entries), day);
  const missing = missingLabels(missingReadings(units, read.entries, day));
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<RegisterReading | null>(null);
  const [editingUnits, setEditingUnits] = useState(false);
  return (
    <Stack gap="md" data-testid="register-temperatures">
      <Card withBorder padding="sm" component="section" data-testid="cold-units">
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <Title order={3} size="h5">
              {REGISTER.unitsTitle}
            </Title>
            {keeps && (
              <Button
                variant="default"
                leftSection={<IconSettings size={18} />}
                onClick={() => setEditingUnits(true)}
              >
                {REGISTER.editUnits}
              </Button>
            )}
          </Group>
          {units.map((u) => (
            <Text key={u.key} size="sm" data-testid="cold-unit">
              <b>{u.name}</b> : {rangeLabel(u)} ·{' '}
              {REGISTER.checksOf(u.checks.map((c) => REGISTER.check[c]))}
            </Text>
          ))}
        </Stack>
      </Card>
      <Text fw={600} c={missing.length > 0 ? 'orange' : 'green'} data-testid="readings-missing">
        {missing.length > 0 ? REGISTER.missing(missing) : REGISTER.noneMissing}
      </Text>
      {keeps && (
        <Button
          leftSection={<IconPlus size={18} />}
          w="fit-content"
          onClick={() => setAdding(true)}
        >
          {REGISTER.addReading}
        </Button>
      )}
      {readings.length === 0 && (
        <Text fs="italic" c="dimmed">
          {REGISTER.noReading}
        </Text>
      )}
      {readings.map((r) => (
        <ReadingRow
          key={r.id}
          reading={r}
          unit={units.find((u) => u.key === r.unit)}
          pseudo={read.pseudos.get(r.by) ?? REGISTER.someone}
          keeps={keeps}
          onEdit={() => setEditing(r)}
        />
      ))}
      {adding && (
        <ReadingDialog stay={stay} day={day} units={units} onClose={() => setAdding(false)} />
      )}
      {editing !== null && (
        <ReadingDialog
          stay={stay}
          day={day}
          units={units}
          reading={editing}
          pseudo={read.pseudos.get(editing.by) ?? REGISTER.someone}
          onClose={() => setEditing(null)}
        />
      )}
      {editingUnits && (
        <ColdUnitsDialog stay={stay} units={units} onClose={() => setEditingUnits(false)} />
      )}
    </Stack>
  );
}

function ReadingRow(props: {
  reading: RegisterReading;
  unit: ColdUnit | undefined;
  pseudo: string;
  keeps: boolean;
  onEdit: () => void;
}) {
  const { reading, unit, pseudo, keeps, onEdit } = props;
  const mutateUndoable = useMutateUndoable();
  const out = unit !== undefined && isOutOfRange(unit, reading.value);
  const name = unit?.name ?? REGISTER.unitGone;
  const what = `${name} ${reading.time}`;
  return (
    <Card
      withBorder
      padding="sm"
      data-testid="reading"
      data-out-of-range={out}
      style={out ? { borderColor: 'var(--mantine-color-red-8)' } : undefined}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>
              {reading.time} · {name}
            </Text>
            <Text fw={700} c={out ? 'red' : undefined} data-testid="reading-value">
              {formatCelsius(reading.value)}
            </Text>
            {out && (
              <Badge color="red" variant="filled">
                {REGISTER.outOfRange}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {REGISTER.readingBy(pseudo)}
          </Text>
          {reading.note !== '' && <Text size="sm">{reading.note}</Text>}
          {reading.action !== '' && (
            <Text size="sm" data-testid="reading-action">
              {REGISTER.action} : {reading.action}
            </Text>
          )}
        </Stack>
        {keeps && (
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={REGISTER.editReadingOf(what)}
              onClick={onEdit}
            >
              <IconPencil size={18} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={REGISTER.removeReading(what)}
              onClick={() =>
                void mutateUndoable(
                  'deleteRegisterEntry',
                  { id: reading.id },
                  REGISTER.readingRemoved,
                )
              }
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        )}
      </Group>
    </Card>
  );
}

/** 'Ajouter un relevé', or the same form to change a reading. */
function ReadingDialog(props: {
  stay: Stay;
  day: number;
  units: readonly ColdUnit[];
  reading?: RegisterReading;
  /** Who recorded the reading being changed. */
  pseudo?: string;
  onClose: () => void;
}) {
  const { stay, day, units, reading, onClose } = props;
  const session = useSession();
  const mutate = useMutate();
  const mutateUndoable = useMutateUndoable();
  const [form, setForm] = useState<ReadingForm>(() => ({
    unitKey: reading?.unit ?? units[0]?.key ?? null,
    value: reading?.value ?? '',
    time: reading?.time ?? clockTime(),
    note: reading?.note ?? '',
    action: reading?.action ?? '',
  }));
  const [tried, setTried] = useState(false);
  const check = checkReading(form, units);
  const valid = Object.keys(check.errors).length === 0;
  const set = (patch: Partial<ReadingForm>) => setForm((f) => ({ ...f, ...patch }));

  async function save() {
    setTried(true);
    if (!valid || check.value === null || form.unitKey === null) return;
    const fields = {
      unit: form.unitKey,
      time: form.time,
      value: check.value,
      note: form.note,
      action: check.outOfRange ? form.action : '',
    };
    const done =
      reading === undefined
        ? await mutate('addReading', (ids) => ({ id: ids.next(), stayId: stay.id, day, ...fields }))
        : await mutateUndoable(
            'updateReading',
            { id: reading.id, ...fields },
            REGISTER.readingChanged,
          );
    if (done !== null) onClose();
  }

  const title = reading === undefined ? REGISTER.addReading : REGISTER.editReading;
  return (
    <Modal opened onClose={onClose} title={title}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <Select
            label={REGISTER.readingUnit}
            allowDeselect={false}
            data={units.map((u) => ({ value: u.key, label: `${u.name} (${rangeLabel(u)})` }))}
            value={form.unitKey}
            onChange={(unitKey) => set({ unitKey })}
          />
          <NumberInput
            label={REGISTER.readingValue}
            decimalSeparator=","
            allowNegative
            decimalScale={1}
            min={-80}
            max={150}
            value={form.value}
            onChange={(value) => set({ value })}
            error={tried ? check.errors.value : undefined}
            data-autofocus
          />
          {check.outOfRange && (
            <Badge color="red" variant="filled" data-testid="reading-out-of-range">
              {REGISTER.outOfRange}
            </Badge>
          )}
          <TextInput
            label={REGISTER.readingTime}
            type="time"
            value={form.time}
            onChange={(e) => set({ time: e.currentTarget.value })}
            error={tried ? check.errors.time : undefined}
          />
          <Text size="sm" c="dimmed">
            {REGISTER.readingBy(props.pseudo ?? session?.pseudo ?? REGISTER.someone)}
          </Text>
          {check.outOfRange && (
            <Textarea
              label={REGISTER.action}
              description={REGISTER.actionHint}
              required
              autosize
              minRows={2}
              value={form.action}
              onChange={(e) => set({ action: e.currentTarget.value })}
              error={tried ? check.errors.action : undefined}
            />
          )}
          <TextInput
            label={REGISTER.readingNote}
            value={form.note}
            onChange={(e) => set({ note: e.currentTarget.value })}
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

/** The stay's cold units: name, range, readings expected; 'Ajouter une enceinte'. */
function ColdUnitsDialog(props: { stay: Stay; units: readonly ColdUnit[]; onClose: () => void }) {
  const { stay, units, onClose } = props;
  const mutate = useMutate();
  const [drafts, setDrafts] = useState<UnitDraft[]>(() => units.map(unitDraftOf));
  const checked = checkUnitDrafts(drafts);
  const setDraft = (at: number, patch: Partial<UnitDraft>) =>
    setDrafts((list) => list.map((d, i) => (i === at ? { ...d, ...patch } : d)));
  const toggle = (at: number, c: Check, on: boolean) =>
    setDraft(at, {
      checks: on
        ? (['matin', 'soir'] as const).filter((x) => x === c || drafts[at]?.checks.includes(x))
        : (drafts[at]?.checks ?? []).filter((x) => x !== c),
    });

  async function save() {
    const units = checked.units;
    if (units === null) return;
    const done = await mutate('setColdUnits', (ids) => ({
      stayId: stay.id,
      units: units.map((u) => (u.key === '' ? { ...u, key: `u${ids.next()}` } : u)),
    }));
    if (done !== null) onClose();
  }

  return (
    <Modal opened onClose={onClose} title={REGISTER.unitsDialog} size="lg">
      <Stack gap="md">
        {drafts.map((d, at) => (
          <Card withBorder padding="sm" key={at} data-testid="cold-unit-draft">
            <Stack gap="xs">
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  label={REGISTER.unitName}
                  value={d.name}
                  onChange={(e) => setDraft(at, { name: e.currentTarget.value })}
                  error={checked.errors[at]?.name}
                  style={{ flex: 1, minWidth: 0 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="xl"
                  aria-label={REGISTER.removeUnit(d.name)}
                  onClick={() => setDrafts((list) => list.filter((_, i) => i !== at))}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
              <Group gap="xs" grow>
                <NumberInput
                  label={REGISTER.unitMin}
                  description={REGISTER.unitBoundHint}
                  decimalSeparator=","
                  allowNegative
                  decimalScale={1}
                  value={d.min}
                  onChange={(min) => setDraft(at, { min })}
                  error={checked.errors[at]?.range}
                />
                <NumberInput
                  label={REGISTER.unitMax}
                  description={REGISTER.unitBoundHint}
                  decimalSeparator=","
                  allowNegative
                  decimalScale={1}
                  value={d.max}
                  onChange={(max) => setDraft(at, { max })}
                />
              </Group>
              <Group gap="md">
                <Checkbox
                  label={REGISTER.morningCheck}
                  checked={d.checks.includes('matin')}
                  onChange={(e) => toggle(at, 'matin', e.currentTarget.checked)}
                />
                <Checkbox
                  label={REGISTER.eveningCheck}
                  checked={d.checks.includes('soir')}
                  onChange={(e) => toggle(at, 'soir', e.currentTarget.checked)}
                />
              </Group>
            </Stack>
          </Card>
        ))}
        <Button
          variant="default"
          leftSection={<IconPlus size={18} />}
          w="fit-content"
          onClick={() =>
            setDrafts((list) => [
              ...list,
              { key: '', name: REGISTER.newUnitName, min: '', max: '', checks: ['matin', 'soir'] },
            ])
          }
        >
          {REGISTER.addUnit}
        </Button>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {REGISTER.cancel}
          </Button>
          <Button disabled={checked.units === null} onClick={() => void save()}>
            {REGISTER.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
