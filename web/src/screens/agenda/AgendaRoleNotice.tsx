/**
 * Above the agenda of a shared stay whose meals the user's role does not let them change
 * ('Lecture', 'Cuisine'; issue 32): says so, and what the role does allow.
 */
import { Text } from '@mantine/core';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import type { StayMay } from '../../data/team';
import { TEAM } from '../../strings';

export function AgendaRoleNotice({ may }: { may: StayMay }) {
  // Nothing while the rights are read: a planner would see the notice flash.
  if (!may.known || may('updateMeal')) return null;
  return (
    <ReadOnlyNotice testId="agenda-read-only">
      <Text size="sm">{TEAM.readOnlyMeals}</Text>
      {may('tickShopItem') && <Text size="sm">{TEAM.readOnlyKitchenRole}</Text>}
    </ReadOnlyNotice>
  );
}
