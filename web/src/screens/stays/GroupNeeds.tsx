/**
 * A group's diets and allergies (issue 20): the fields that count its people per diet and per
 * allergy, with notes, and the line that sums them up on the stays screen.
 */
import { Accordion, NumberInput, SimpleGrid, Stack, Textarea } from '@mantine/core';
import {
  ALLERGEN_LABELS,
  ALLERGENS,
  DIET_LABELS,
  MAX_DESCRIPTION_LENGTH,
  DIETS,
  emptyNeeds,
  tidyNeeds,
  type Group,
  type GroupNeeds,
} from '@popote/domain';
import { numberOf } from '../../components/number-input';
import { STAYS } from '../../strings';

/** Whether the needs typed differ from the group's (zero counts and blank notes are none). */
export const needsChanged = (before: GroupNeeds | undefined, after: GroupNeeds): boolean =>
  JSON.stringify(tidyNeeds(after)) !== JSON.stringify(tidyNeeds(before ?? emptyNeeds()));

/** 'Végétarien : 3 · Arachides : 2': the group's diets and allergies, counted. */
export function needsText(group: Pick<Group, 'needs'>): string {
  const needs = group.needs;
  if (!needs) return '';
  return [
    ...DIETS.filter((d) => (needs.diets[d] ?? 0) > 0).map(
      (d) => `${DIET_LABELS[d]} : ${needs.diets[d]}`,
    ),
    ...ALLERGENS.filter((a) => (needs.allergies[a] ?? 0) > 0).map(
      (a) => `${ALLERGEN_LABELS[a]} : ${needs.allergies[a]}`,
    ),
  ].join(' · ');
}

/** People per diet and per allergy, and notes: folded, most groups have none. */
export function NeedsFields({
  needs,
  onChange,
}: {
  needs: GroupNeeds;
  onChange: (needs: GroupNeeds) => void;
}) {
  const count = (label: string, value: number | undefined, set: (n: number) => void) => (
    <NumberInput
      key={label}
      label={label}
      value={value ?? 0}
      onChange={(v) => set(numberOf(v))}
      max={100_000}
      min={0}
      allowDecimal={false}
      allowNegative={false}
    />
  );
  return (
    <Accordion variant="contained" defaultValue={tidyNeeds(needs) === null ? null : 'needs'}>
      <Accordion.Item value="needs">
        <Accordion.Control>{STAYS.needsTitle}</Accordion.Control>
        <Accordion.Panel>
          <Stack>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              {DIETS.map((diet) =>
                count(DIET_LABELS[diet], needs.diets[diet], (n) =>
                  onChange({ ...needs, diets: { ...needs.diets, [diet]: n } }),
                ),
              )}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              {ALLERGENS.map((allergen) =>
                count(STAYS.allergicTo(ALLERGEN_LABELS[allergen]), needs.allergies[allergen], (n) =>
                  onChange({ ...needs, allergies: { ...needs.allergies, [allergen]: n } }),
                ),
              )}
            </SimpleGrid>
            <Textarea
              label={STAYS.needsNotes}
              value={needs.notes}
              onChange={(e) => onChange({ ...needs, notes: e.currentTarget.value })}
              autosize
              minRows={2}
              maxLength={MAX_DESCRIPTION_LENGTH}
            />
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
