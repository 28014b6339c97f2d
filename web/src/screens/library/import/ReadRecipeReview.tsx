/**
 * The review of a recipe read from a page or pasted text (issue 34), before the import's
 * ingredient step: its name, people and course type, and each line as read. A line's text can
 * be corrected (it is read again as it is typed) or the line taken out; a line still
 * unread blocks the import, so that nothing of the source is silently dropped.
 */
import {
  ActionIcon,
  Badge,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  formatNumber,
  MAX_GROUP_SIZE,
  PLAT_LABELS,
  Plat,
  PLATS,
  readIngredientLine,
  UNITE_LABELS,
  type ReadLine,
  type ReviewedRecipe,
} from '@popote/domain';
import { RECIPE_READING as T } from '../../../strings';

/** The recipe under review, with a key per line that stays with it when another goes. */
export interface Review {
  recipe: ReviewedRecipe;
  keys: number[];
}

export const reviewOf = (recipe: ReviewedRecipe): Review => ({
  recipe,
  keys: recipe.lines.map((_, i) => i),
});

export function ReadRecipeReview({
  review,
  onChange,
}: {
  review: Review;
  onChange: (review: Review) => void;
}) {
  const { recipe, keys } = review;
  const setRecipe = (next: ReviewedRecipe) => onChange({ recipe: next, keys });
  const setLine = (index: number, line: ReadLine | null) =>
    onChange(
      line
        ? {
            recipe: { ...recipe, lines: recipe.lines.map((l, i) => (i === index ? line : l)) },
            keys,
          }
        : {
            recipe: { ...recipe, lines: recipe.lines.filter((_, i) => i !== index) },
            keys: keys.filter((_, i) => i !== index),
          },
    );

  return (
    <Stack gap="sm" data-testid="read-recipe-review">
      <TextInput
        label={T.name}
        value={recipe.name}
        onChange={(e) => setRecipe({ ...recipe, name: e.currentTarget.value })}
        required
      />
      <Group grow align="flex-start">
        <NumberInput
          label={T.people}
          value={recipe.forPeople ?? ''}
          min={1}
          max={MAX_GROUP_SIZE}
          allowDecimal={false}
          // On a touch screen each arrow is a 44 px target: the pair spilled out of the field
          // over 'Ingrédients lus'. The number is typed.
          hideControls
          inputMode="numeric"
          onChange={(v) => setRecipe({ ...recipe, forPeople: typeof v === 'number' ? v : null })}
          required
        />
        <Select
          label={T.plat}
          data={PLATS.map((p) => ({ value: String(p), label: PLAT_LABELS[p] || '—' }))}
          // Unsaid by the source, it is imported as 'Autre': the field says so.
          value={String(recipe.plat ?? Plat.Autre)}
          onChange={(v) => setRecipe({ ...recipe, plat: v === null ? null : (Number(v) as Plat) })}
          allowDeselect={false}
        />
      </Group>
      <Text fw={600} size="sm">
        {T.linesTitle}
      </Text>
      <Text size="sm" c="dimmed">
        {T.linesIntro}
      </Text>
      {recipe.lines.map((line, index) => (
        <LineRow
          key={keys[index]}
          index={index}
          line={line}
          onChange={(next) => setLine(index, next)}
        />
      ))}
    </Stack>
  );
}

function LineRow({
  index,
  line,
  onChange,
}: {
  index: number;
  line: ReadLine;
  onChange: (line: ReadLine | null) => void;
}) {
  const label = T.line(index + 1);
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap" data-testid="read-line">
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <TextInput
          aria-label={label}
          // Read again as it is typed: 'Suivant' is enabled as soon as the line reads, not
          // only once the field is left (a tap on a greyed 'Suivant' did nothing).
          value={line.text}
          error={line.status === 'unread' ? T.unread : undefined}
          onChange={(e) => onChange(readIngredientLine(e.currentTarget.value))}
        />
        <LineReading line={line} />
      </Stack>
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        aria-label={`${T.remove} ${index + 1}`}
        onClick={() => onChange(null)}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}

function LineReading({ line }: { line: ReadLine }) {
  if (line.status === 'unread') return null;
  if (line.status === 'noQuantity' || line.quantity === null) {
    return (
      <Text size="xs" c="dimmed">
        {T.noQuantity}
      </Text>
    );
  }
  const quantity = `${formatNumber(line.quantity.val)} ${UNITE_LABELS[line.quantity.unite]}`;
  return (
    <Group gap={6}>
      <Badge variant="light" color="green" style={{ textTransform: 'none' }}>
        {T.readAs(quantity, line.name)}
      </Badge>
      {line.note && (
        <Text size="xs" c="dimmed">
          {line.note}
        </Text>
      )}
    </Group>
  );
}
