/**
 * 'Journal du séjour' (issue 32): the changes of the active stay, newest first, each with who
 * made it, when, and the sentence refused changes are described with; filtered by member (kept
 * in the address). The journal is a synced table: it reads offline. The owner and every member
 * reach it from the stays screen.
 */
import { useState } from 'react';
import { Button, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { formatAgo, formatDateTime, type Id, type Stay } from '@popote/domain';
import { deviceOffsetMinutes } from '../../components/changed-by';
import { NoActiveStay } from '../../components/NoActiveStay';
import { useNow } from '../../components/useNow';
import { useStay } from '../../data/stays';
import { useTeam } from '../../data/team';
import { PATHS } from '../../navigation/routes';
import { useSession } from '../../session/useSession';
import { JOURNAL, TEAM } from '../../strings';
import { FirstSyncLoader, useFirstSyncDone } from '../../sync/FirstSync';
import { useLocalQuery } from '../../sync/useLocal';
import {
  ALL_MEMBERS,
  JOURNAL_PAGE_SIZE,
  MEMBER_PARAM,
  memberChoices,
  memberFromParam,
  readJournal,
  type JournalLine,
} from './journal-view';

export function JournalScreen() {
  const session = useSession();
  const stay = useStay(session?.activeStayId ?? null);
  const firstSyncDone = useFirstSyncDone();
  if (stay === undefined) return <Loader aria-label={JOURNAL.loading} />;
  if (stay === null && !firstSyncDone) return <FirstSyncLoader />;
  if (stay === null) return <NoActiveStay testId="journal-no-stay" />;
  return <StayJournal key={stay.id} stay={stay} />;
}

function StayJournal({ stay }: { stay: Stay }) {
  const [params, setParams] = useSearchParams();
  const asked = memberFromParam(params.get(MEMBER_PARAM));
  const team = useTeam(stay);
  // Who has changes, whoever is chosen: read with the entries, without describing them.
  const authors = useLocalQuery(
    async (store) => (await readJournal(store, stay.id, null, 0)).authors,
    [stay.id],
  );
  const choices =
    team === undefined || authors === undefined
      ? undefined
      : memberChoices(
          { userId: stay.owner, pseudo: team.ownerPseudo },
          team.members.map((m) => ({ userId: m.member.userId, pseudo: m.pseudo })),
          authors,
          {
            all: JOURNAL.allMembers,
            unknown: TEAM.unknownPseudo,
            owner: JOURNAL.owner,
            former: JOURNAL.formerMember,
          },
        );
  // An address naming someone out of the list shows everyone.
  const member = asked !== null && choices?.some((c) => c.value === String(asked)) ? asked : null;
  const choose = (value: string | null) =>
    setParams(value === null || value === ALL_MEMBERS ? {} : { [MEMBER_PARAM]: value }, {
      replace: true,
    });
  const memberName =
    member === null ? null : (choices?.find((c) => c.value === String(member))?.label ?? null);

  return (
    <Stack gap="md" maw={860} data-testid="screen-journal">
      <Button
        component={Link}
        to={PATHS.stays}
        variant="subtle"
        leftSection={<IconArrowLeft size={18} />}
        style={{ alignSelf: 'flex-start' }}
      >
        {JOURNAL.backToStays}
      </Button>
      <Text>{JOURNAL.intro}</Text>
      <Select
        label={JOURNAL.member}
        data={choices ?? [{ value: ALL_MEMBERS, label: JOURNAL.allMembers }]}
        value={member === null ? ALL_MEMBERS : String(member)}
        onChange={choose}
        allowDeselect={false}
        w={320}
        maw="100%"
        data-testid="journal-member"
      />
      {/* A new filter starts again from the first page. */}
      <JournalEntries
        key={member ?? ALL_MEMBERS}
        stayId={stay.id}
        member={member}
        memberName={memberName}
      />
    </Stack>
  );
}

function JournalEntries({
  stayId,
  member,
  memberName,
}: {
  stayId: Id;
  member: Id | null;
  memberName: string | null;
}) {
  const [limit, setLimit] = useState(JOURNAL_PAGE_SIZE);
  const journal = useLocalQuery(
    (store) => readJournal(store, stayId, member, limit),
    [stayId, member, limit],
  );
  const firstSyncDone = useFirstSyncDone();
  const now = useNow();
  if (journal === undefined) return <Loader aria-label={JOURNAL.loading} />;
  if (journal.total === 0) {
    if (!firstSyncDone) return <FirstSyncLoader />;
    return (
      <Text c="dimmed" fs="italic" data-testid="journal-empty">
        {memberName === null ? JOURNAL.empty : JOURNAL.emptyOf(memberName)}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" data-testid="journal-count">
        {JOURNAL.shown(journal.lines.length, journal.total)}
      </Text>
      <Stack
        component="ol"
        gap="xs"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        data-testid="journal-entries"
      >
        {journal.lines.map((line) => (
          <JournalEntry key={line.id} line={line} now={now} />
        ))}
      </Stack>
      {journal.lines.length < journal.total && (
        <Button
          variant="light"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => setLimit((shown) => shown + JOURNAL_PAGE_SIZE)}
        >
          {JOURNAL.showMore}
        </Button>
      )}
    </Stack>
  );
}

function JournalEntry({ line, now }: { line: JournalLine; now: number }) {
  const offset = deviceOffsetMinutes(line.at);
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid="journal-entry">
      <Text fw={500} data-testid="journal-words">
        {line.words}
      </Text>
      <Group gap={6} mt={2}>
        <Text size="sm" fw={600} data-testid="journal-who">
          {line.pseudo ?? TEAM.unknownPseudo}
        </Text>
        <Text size="sm" c="dimmed">
          <time
            dateTime={line.at}
            title={formatDateTime(line.at, offset)}
            data-testid="journal-when"
          >
            {formatAgo(line.at, now, offset)}
          </time>
        </Text>
      </Group>
    </Paper>
  );
}
