/** The week's filter by group ('Tous les groupes' or one group), in the week's tool bar. */
import { Select } from '@mantine/core';
import type { Group, Id } from '@popote/domain';
import { AGENDA } from '../../../strings';
import { groupLabel } from '../plan-view';

const ALL_GROUPS = 'all';

export function GroupFilter({
  groups,
  groupId,
  onChange,
  width,
}: {
  groups: readonly Group[];
  /** The group shown, or null for all of them. */
  groupId: Id | null;
  onChange: (groupId: Id | null) => void;
  width: number;
}) {
  return (
    <Select
      aria-label={AGENDA.groupFilter}
      data={[
        { value: ALL_GROUPS, label: AGENDA.allGroups },
        ...groups.map((g) => ({ value: String(g.id), label: groupLabel(g) })),
      ]}
      value={groupId === null ? ALL_GROUPS : String(groupId)}
      onChange={(v) => onChange(v === null || v === ALL_GROUPS ? null : Number(v))}
      allowDeselect={false}
      // Options drawn when opened, not kept hidden: a kept dropdown is positioned as the week
      // mounts, which makes the browser compute the new table's styles and layout in the
      // middle of it.
      comboboxProps={{ keepMounted: false }}
      w={width}
      data-testid="week-group-filter"
    />
  );
}
