/**
 * 'Proposer une alternative' (issue 20): a dish of the user's own recipes for the people of one
 * diet or allergy of a meal; the menu is then cooked for the others. The diet or allergy and the
 * number of people start from what the meal's groups count.
 */
import { useMemo, useState } from 'react';
import { Button, Group, Modal, MultiSelect, NumberInput, Select, Stack, Text } from '@mantine/core';
import {
  ALLERGEN_LABELS,
  ALLERGENS,
  compareByName,
  DIET_LABELS,
  DIETS,
  mealNeeds,
  type Allergen,
  type Diet,
  type Group as StayGroup,
  type Id,
  type Meal,
} from '@popote/domain';
import { numberOf } from '../../../components/number-input';
import { AGENDA, COMMON } from '../../../strings';
import { useLocalQuery } from '../../../sync/useLocal';
import { useMutate } from '../../../sync/useMutate';

/** 'diet:0', 'allergen:4': a reason as a select's value. */
export type ReasonKey = `${'diet' | 'allergen'}:${number}`;

const REASONS = [
  ...DIETS.map((d) => ({ value: `diet:${d}` as ReasonKey, label: DIET_LABELS[d] })),
  ...ALLERGENS.map((a) => ({
    value: `allergen:${a}` as ReasonKey,
    label: AGENDA.allergyTo(ALLERGEN_LABELS[a]),
  })),
];

const parseReason = (key: ReasonKey) => {
  const [kind, code] = key.split(':') as ['diet' | 'allergen', string];
  return { kind, code: Number(code) };
};

export function AlternativeDialog({
  meal,
  groupsById,
  reason,
  userId,
  onClose,
}: {
  meal: Meal;
  groupsById: ReadonlyMap<Id, StayGroup>;
  /** The diet or allergy to start from (a warning's), else the first one counted. */
  reason: ReasonKey | null;
  userId: Id;
  onClose: () => void;
}) {
  const mutate = useMutate();
  const needs = useMemo(() => mealNeeds(meal, groupsById), [meal, groupsById]);
  const countOf = (key: ReasonKey): number => {
    const { kind, code } = parseReason(key);
    return (
      (kind === 'diet' ? needs.diets.get(code as Diet) : needs.allergies.get(code as Allergen)) ?? 0
    );
  };
  const counted = REASONS.find((r) => countOf(r.value) > 0)?.value ?? REASONS[0]!.value;
  const [chosen, setChosen] = useState<ReasonKey>(reason ?? counted);
  const existing = (meal.alternatives ?? []).find((a) => `${a.kind}:${a.code}` === chosen);
  // At least one person: an alternative for nobody cooks nothing.
  const [people, setPeople] = useState<number | string>(
    existing?.people ?? Math.max(1, countOf(chosen)),
  );
  const [recipeIds, setRecipeIds] = useState<string[]>((existing?.recipeIds ?? []).map(String));
  const recipes = useLocalQuery(
    async (store) => (await store.where('recipes', 'owner', userId)).sort(compareByName),
    [userId],
  );

  const choose = (key: ReasonKey) => {
    setChosen(key);
    const other = (meal.alternatives ?? []).find((a) => `${a.kind}:${a.code}` === key);
    setPeople(other?.people ?? Math.max(1, countOf(key)));
    setRecipeIds((other?.recipeIds ?? []).map(String));
  };

  async function save() {
    if (numberOf(people) < 1 || recipeIds.length === 0) return;
    const done = await mutate('setMealAlternative', {
      mealId: meal.id,
      ...parseReason(chosen),
      people: Math.round(numberOf(people)),
      recipeIds: recipeIds.map(Number),
    });
    if (done !== null) onClose();
  }

  return (
    <Modal opened onClose={onClose} title={AGENDA.alternativeTitle} size={560}>
      <Stack>
        <Text size="sm" c="dimmed">
          {AGENDA.alternativeHint}
        </Text>
        <Select
          label={AGENDA.alternativeFor}
          data={REASONS.map((r) => ({
            value: r.value,
            label: countOf(r.value) > 0 ? `${r.label} (${countOf(r.value)})` : r.label,
          }))}
          value={chosen}
          onChange={(v) => v !== null && choose(v as ReasonKey)}
          allowDeselect={false}
          searchable
        />
        <NumberInput
          label={AGENDA.alternativePeople}
          value={people}
          onChange={setPeople}
          min={1}
          allowDecimal={false}
          allowNegative={false}
        />
        <MultiSelect
          label={AGENDA.alternativeRecipes}
          description={AGENDA.alternativeRecipesHint}
          data={(recipes ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
          value={recipeIds}
          onChange={setRecipeIds}
          searchable
          data-testid="alternative-recipes"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {COMMON.cancel}
          </Button>
          <Button
            disabled={numberOf(people) < 1 || recipeIds.length === 0}
            onClick={() => void save()}
          >
            {COMMON.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
