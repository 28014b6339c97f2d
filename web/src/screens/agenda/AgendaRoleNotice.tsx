/**
 * Above the agenda of a shared stay whose meals the user's role does not let them change
 * ('Lecture', 'Cuisine'; issue 32): says so, and what the role does allow.
 */
import { Text } from '@mantine/core';
import type { MutationName, Stay } from '@popote/domain';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { useStayRole } from '../../data/team';
import { TEAM } from '../../strings';

export function AgendaRoleNotice({
  stay,
  may,
}: {
  stay: Stay;
  may: (name: MutationName) => boolean;
}) {
  // Nothing while the role is read: a planner would see the notice flash.
  const role = useStayRole(stay);
  if (role === undefined || may('updateMeal')) return null;
  return (
    <ReadOnlyNotice testId="agenda-read-only">
      <Text size="sm">{TEAM.readOnlyMeals}</Text>
      {may('tickShopItem') && <Text size="sm">{TEAM.readOnlyKitchenRole}</Text>}
    </ReadOnlyNotice>
  );
}
