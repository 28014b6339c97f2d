/**
 * Step 1 of 'Importer depuis un lien' and 'Coller une recette' (issue 34): the page's address
 * (read by the server: it needs the network) or the recipe's text (read on the device, offline
 * too), then the review of what was read. 'Suivant' hands the recipe to the import's ingredient
 * step, with the same matching as the CSV import and a category proposed for new ingredients.
 */
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  importNames,
  isDomainError,
  matchIngredientNames,
  readRecipeText,
  REVIEW_MESSAGES,
  reviewedForImport,
  unreadLines,
  type Ingredient,
  type ReadRecipe,
} from '@popote/domain';
import { readRecipeLink } from '../../../api/recipe-reading';
import { LIBRARY, RECIPE_READING as T } from '../../../strings';
import { useOnline } from '../../../sync/useOnline';
import { ReadRecipeReview, reviewOf, type Review } from './ReadRecipeReview';
import type { ReadResult } from './readRecipesFile';

export type ReadSource = 'link' | 'text';

/** What the step hands on: the CSV import's reading, and the recipe's description. */
export type ReadRecipeResult = Extract<ReadResult, { ok: true }> & { description: string };

/**
 * A line names its food in lower case ('de farine'), and the ingredient made from it would be
 * 'farine' beside the catalogue's 'Farine de blé': its first letter is capitalised, as the
 * library's names are ('Farine'). Matching with existing ingredients ignores the case.
 */
const asIngredientName = (name: string): string =>
  name.charAt(0).toLocaleUpperCase('fr-FR') + name.slice(1);

/**
 * What the user typed and the review, kept by the dialog: 'Retour' from the ingredients step
 * shows them again with the corrections made, instead of an empty field.
 */
export interface ReadState {
  input: string;
  review: Review | null;
}

export function useReadState() {
  return useState<ReadState>({ input: '', review: null });
}

export function ReadStep({
  source,
  state: [{ input, review }, setState],
  ingredients,
  onCancel,
  onRead,
}: {
  source: ReadSource;
  state: ReturnType<typeof useReadState>;
  /** Undefined while the device's ingredients load. */
  ingredients: Ingredient[] | undefined;
  onCancel: () => void;
  onRead: (read: ReadRecipeResult) => void;
}) {
  const online = useOnline();
  const setInput = (next: string) => setState((s) => ({ ...s, input: next }));
  const setReview = (next: Review) => setState((s) => ({ ...s, review: next }));
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const startReview = (recipe: ReadRecipe) => {
    const { url: _url, ...reviewed } = recipe;
    setReview(reviewOf(reviewed));
  };

  const read = async () => {
    setError(null);
    if (input.trim() === '') return setError(source === 'link' ? T.noAddress : T.empty);
    if (source === 'text') return startReview(readRecipeText(input));
    if (!navigator.onLine) return setError(T.offline);
    setReading(true);
    try {
      const answer = await readRecipeLink(input.trim());
      if (!answer.ok) setError(answer.message);
      else startReview(answer.value.recipe);
    } finally {
      setReading(false);
    }
  };

  const next = () => {
    if (!review || !ingredients) return;
    // Said here, where the name is typed: the import's plan would only say 'Le nom de base ne
    // peut pas être vide' on the next step, where it cannot be changed.
    const name = review.recipe.name.trim();
    if (name === '') return setError(T.noName);
    try {
      const { parsed, description } = reviewedForImport({ ...review.recipe, name });
      const recipes = [
        {
          ...parsed,
          ingredients: parsed.ingredients.map((i) => ({ ...i, name: asIngredientName(i.name) })),
        },
      ];
      const names = importNames(recipes);
      const matches = matchIngredientNames(
        names.map((n) => n.name),
        ingredients,
      );
      onRead({ ok: true, recipes, names, matches, description });
    } catch (e) {
      if (!isDomainError(e)) throw e;
      setError(e.message);
    }
  };

  const unread = review ? unreadLines(review.recipe.lines).length : 0;
  return (
    <Stack mt="md">
      {source === 'link' ? (
        <TextInput
          label={T.address}
          placeholder={T.addressPlaceholder}
          type="url"
          inputMode="url"
          value={input}
          onChange={(e) => setInput(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void read();
          }}
          disabled={reading}
        />
      ) : (
        <Textarea
          label={T.text}
          description={T.textHint}
          placeholder={T.textPlaceholder}
          autosize
          minRows={review ? 3 : 8}
          maxRows={review ? 6 : 16}
          value={input}
          onChange={(e) => setInput(e.currentTarget.value)}
        />
      )}
      {source === 'link' && !online && <Text size="sm">{T.offline}</Text>}
      {review && (
        <ReadRecipeReview
          review={review}
          onChange={(next) => {
            setReview(next);
            setError(null);
          }}
        />
      )}
      {unread > 0 && (
        <Text size="sm" c="red">
          {REVIEW_MESSAGES.unread(unread)}
        </Text>
      )}
      {error && (
        <Alert color="red" data-testid="import-error">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {LIBRARY.cancel}
        </Button>
        <Button
          variant={review ? 'default' : 'filled'}
          loading={reading}
          disabled={source === 'link' && !online}
          onClick={() => void read()}
        >
          {T.read}
        </Button>
        {review && (
          <Button disabled={!ingredients || unread > 0} onClick={next}>
            {T.next}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
