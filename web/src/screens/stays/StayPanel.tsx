/**
 * The header card of the stays screen (spec 2.4): add a stay (blank or a copy of the active
 * one), choose the active stay, edit or delete it, and export it to a phone.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  Menu,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconCoin,
  IconCopy,
  IconDeviceMobileShare,
  IconFilePlus,
  IconHistory,
  IconPencil,
  IconPlus,
  IconTrash,
  IconUsersGroup,
} from '@tabler/icons-react';
import {
  copyStayName,
  deviceTodayIsoDay,
  dayToDate,
  duplicateStayIdCount,
  formatLongDate,
  type Stay,
} from '@popote/domain';
import { notifySuccess } from '../../feedback/feedback';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { usePseudo } from '../../components/OwnerLock';
import { useMayOnStay, useTeam } from '../../data/team';
import { BudgetDialog } from '../../components/costs/BudgetDialog';
import { setActiveStay } from '../../session/session';
import { PATHS } from '../../navigation/routes';
import { COMMON, COSTS, JOURNAL, STAYS, TEAM, UNDO } from '../../strings';
import { useSync } from '../../sync/SyncProvider';
import { useMutate, useMutateUndoable } from '../../sync/useMutate';
import { useLocalQuery } from '../../sync/useLocal';
import { StayExportLinkDialog } from './StayExportLinkDialog';
import { StayEditDialog } from './StayEditDialog';
import { TeamDialog } from './TeamDialog';
import { defaultGroupColor } from './stay-helpers';
import { namesList } from './team-helpers';

export function StayPanel({ stays, active }: { stays: Stay[]; active: Stay | null }) {
  const mutate = useMutate();
  const mutateUndoable = useMutateUndoable();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [budgeting, setBudgeting] = useState(false);
  const [teamOpen, setTeamOpen] = useState(false);
  const { userId } = useSync();
  // What the user's role allows (issue 32); the rules refuse the rest anyway.
  const canPlan = useMayOnStay(active, 'plan');
  const isOwner = active !== null && active.owner === userId;
  const ownerPseudo = usePseudo(active === null || isOwner ? null : active.owner);
  const counts = useLocalQuery(
    async (store) =>
      active === null
        ? null
        : { meals: (await store.whereIds('meals', 'stayId', active.id)).length },
    [active?.id],
  );

  async function createBlank() {
    const stay = await mutate('createStay', (ids) => ({
      id: ids.next(),
      name: STAYS.newStayName,
      start: deviceTodayIsoDay(),
    }));
    if (stay === null) return;
    // A stay starts with one unnamed group, shown as the single-group view.
    await mutate('createGroup', (ids) => ({
      id: ids.next(),
      stayId: stay.id,
      name: '',
      color: defaultGroupColor(0),
      size: 0,
    }));
    setActiveStay(stay.id);
  }

  async function duplicate() {
    if (active === null || !counts) return;
    const names = stays.map((s) => s.name);
    const copy = await mutate('duplicateStay', (ids) => ({
      id: active.id,
      ids: ids.range(duplicateStayIdCount(counts.meals)),
      now: new Date().toISOString(),
    }));
    // The copy's id is the first of the range (planDuplicateStay draws it first).
    if (copy === null) return;
    setActiveStay(copy.ids.first);
    // The name the mutator gave it, by the same rule over the same stays.
    notifySuccess(STAYS.stayDuplicated(copyStayName(active.name, names)));
  }

  async function remove() {
    if (active === null) return;
    if ((await mutateUndoable('deleteStay', { id: active.id }, UNDO.stayDeleted)) !== null) {
      setActiveStay(null);
    }
  }

  const noActive = active === null;
  return (
    <Card withBorder shadow="sm" padding="lg" data-testid="stays-card">
      <Stack gap="md">
        <Title order={2} size="h3">
          {STAYS.title}
        </Title>
        <Group align="flex-end" gap="sm">
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button leftSection={<IconPlus size={18} />}>{STAYS.addStay}</Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconFilePlus size={16} />}
                onClick={() => void createBlank()}
              >
                {STAYS.createBlank}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconCopy size={16} />}
                disabled={noActive || !counts || !canPlan}
                onClick={() => void duplicate()}
              >
                {STAYS.duplicate(active?.name ?? null)}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Select
            label={STAYS.activeStay}
            placeholder={STAYS.noStay}
            nothingFoundMessage={STAYS.noStay}
            data={stays.map((s) => ({ value: String(s.id), label: s.name }))}
            value={active === null ? null : String(active.id)}
            onChange={(value) => value !== null && setActiveStay(Number(value))}
            allowDeselect={false}
            w={320}
            data-testid="active-stay-select"
          />
          {(noActive || canPlan) && (
            <Tooltip label={STAYS.editStay}>
              <ActionIcon
                variant="light"
                size="lg"
                aria-label={STAYS.editStay}
                disabled={noActive}
                onClick={() => setEditing(true)}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {(noActive || isOwner) && (
            <Tooltip label={STAYS.deleteStay}>
              <ActionIcon
                variant="light"
                color="red"
                size="lg"
                aria-label={STAYS.deleteStay}
                disabled={noActive}
                onClick={() => setDeleting(true)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {(noActive || canPlan) && (
            <Button
              variant="light"
              color="blue"
              leftSection={<IconDeviceMobileShare size={18} />}
              disabled={noActive}
              onClick={() => setExporting(true)}
            >
              {STAYS.copyToPhone}
            </Button>
          )}
          <Button
            variant="light"
            leftSection={<IconUsersGroup size={18} />}
            disabled={noActive}
            onClick={() => setTeamOpen(true)}
          >
            {TEAM.open}
          </Button>
          {/* Everyone in the team reads who did what (issue 32). */}
          {active !== null && (
            <Button
              component={Link}
              to={PATHS.journal}
              variant="light"
              leftSection={<IconHistory size={18} />}
            >
              {JOURNAL.open}
            </Button>
          )}
        </Group>
        {active !== null && (
          <Text size="sm" c="dimmed" data-testid="active-stay-start">
            {STAYS.startsOn(formatLongDate(dayToDate(active.start, 0)))}
          </Text>
        )}
        {active !== null && !isOwner && ownerPseudo !== undefined && (
          <Text size="sm" c="dimmed" data-testid="active-stay-owner">
            {TEAM.ownerOf(ownerPseudo ?? TEAM.unknownPseudo)}
          </Text>
        )}
        {active !== null && (
          <Group gap="xs">
            <Text size="sm" c="dimmed" data-testid="active-stay-budget">
              {typeof active.budget === 'number' ? COSTS.budgetOf(active.budget) : COSTS.noBudget}
            </Text>
            {canPlan && (
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconCoin size={16} />}
                onClick={() => setBudgeting(true)}
              >
                {COSTS.editBudget}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      {active !== null && (
        <>
          <StayEditDialog
            key={`${active.id}-${String(editing)}`}
            stay={active}
            opened={editing}
            onClose={() => setEditing(false)}
          />
          <ConfirmDialog
            opened={deleting}
            onClose={() => setDeleting(false)}
            onConfirm={() => void remove()}
          >
            <Text>
              {STAYS.deleteStayPrompt} <strong>{active.name}</strong> ?
            </Text>
            <SharedStayNote stay={active} />
            <Text>{COMMON.irreversible}</Text>
          </ConfirmDialog>
          {teamOpen && <TeamDialog stay={active} onClose={() => setTeamOpen(false)} />}
          {budgeting && <BudgetDialog stay={active} onClose={() => setBudgeting(false)} />}
          <StayExportLinkDialog
            key={active.id}
            stay={active}
            opened={exporting}
            onClose={() => setExporting(false)}
          />
        </>
      )}
    </Card>
  );
}

/** Deleting a shared stay names its members: it goes from their stays too (issue 32). */
function SharedStayNote({ stay }: { stay: Stay }) {
  const team = useTeam(stay);
  const names = (team?.members ?? []).map((m) => m.pseudo ?? TEAM.unknownPseudo);
  if (names.length === 0) return null;
  return <Text data-testid="delete-shared-stay">{TEAM.deleteShared(namesList(names))}</Text>;
}
