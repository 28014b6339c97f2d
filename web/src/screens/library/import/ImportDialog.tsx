/**
 * The recipes import in 3 steps (spec 2.6): 'Fichier', 'Ingrédients', 'Recettes'. The file is
 * read on the device and the whole import is one importRecipes mutation, so it works offline
 * and the server applies all of it or nothing. A recipe read from a page's address or from
 * pasted text (issue 34) takes the same steps after its own first one ('Recette': the reading
 * and its review); its description (steps, source, lines without quantity) follows the import.
 */
import { useMemo, useState } from 'react';
import { Modal, Stepper } from '@mantine/core';
import {
  isDomainError,
  planRecipesImport,
  proposedChoices,
  proposedKind,
  recipesImportArgs,
  type ImportName,
  type IngredientChoice,
  type IngredientMatch,
  type ParsedRecipe,
  type RecipesImportPlan,
} from '@popote/domain';
import { notifySuccess } from '../../../feedback/feedback';
import { LIBRARY, RECIPE_READING, SUCCESS } from '../../../strings';

const TITLES = {
  file: LIBRARY.importTitle,
  link: RECIPE_READING.fromLink,
  text: RECIPE_READING.fromText,
} as const;
import { useLocalQuery } from '../../../sync/useLocal';
import { useMutate } from '../../../sync/useMutate';
import { useSync } from '../../../sync/SyncProvider';
import { FileStep } from './FileStep';
import { IngredientsStep } from './IngredientsStep';
import { ReadStep, useReadState, type ReadSource } from './ReadStep';
import { RecipesStep } from './RecipesStep';

interface ReadFile {
  recipes: ParsedRecipe[];
  names: ImportName[];
  /** A read recipe's description (absent for a CSV file). */
  description?: string;
}

export function ImportDialog({
  source = 'file',
  onClose,
}: {
  source?: 'file' | ReadSource;
  onClose: () => void;
}) {
  const { userId } = useSync();
  const mutate = useMutate();
  const rows = useLocalQuery(
    async (store) => ({
      ingredients: await store.all('ingredients'),
      ownRecipes: await store.where('recipes', 'owner', userId),
    }),
    [userId],
  );
  const [step, setStep] = useState(0);
  const readState = useReadState();
  const [file, setFile] = useState<ReadFile | null>(null);
  const [choices, setChoices] = useState<Map<string, IngredientChoice>>(new Map());
  const [plan, setPlan] = useState<RecipesImportPlan | null>(null);
  const [planError, setPlanError] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const ownNames = useMemo(() => (rows?.ownRecipes ?? []).map((r) => r.name), [rows]);

  const toRecipes = () => {
    if (!file) return;
    try {
      setPlan(planRecipesImport(file.recipes, choices, ownNames));
      setPlanError(null);
      setStep(2);
    } catch (e) {
      if (!isDomainError(e)) throw e;
      setPlanError(e.message);
    }
  };
  const confirm = async () => {
    if (!plan) return;
    setImporting(true);
    const now = new Date().toISOString();
    const imported = await mutate('importRecipes', (ids) =>
      recipesImportArgs(plan, ids.range(plan.idCount), now),
    );
    let done = imported !== null;
    // A recipe read from the web: its steps, source and lines without quantity.
    const recipe = imported?.recipes[0];
    if (recipe && file?.description) {
      const described = { id: recipe.id, description: file.description, now };
      done = (await mutate('updateRecipe', described)) !== null;
    }
    setImporting(false);
    if (done) {
      notifySuccess(source === 'file' ? SUCCESS.recipesImported : RECIPE_READING.imported);
      onClose();
    }
  };
  const onRead = (read: {
    recipes: ParsedRecipe[];
    names: ImportName[];
    matches: Map<string, IngredientMatch>;
    description?: string;
  }) => {
    setFile({ recipes: read.recipes, names: read.names, description: read.description });
    const proposed = proposedChoices(read.names, read.matches);
    // A recipe read from the web names new foods: their category is proposed. Back from the
    // ingredients step to the review and forward again, the choices made stay.
    if (source !== 'file' && rows) {
      for (const [key, choice] of proposed) {
        const made = choices.get(key);
        if (made) {
          proposed.set(key, made);
          continue;
        }
        if (choice.kind !== 'new') continue;
        proposed.set(key, {
          ...choice,
          ingredientKind: proposedKind(choice.name, rows.ingredients),
        });
      }
    }
    setChoices(proposed);
    setPlanError(null);
    setStep(1);
  };

  return (
    <Modal opened onClose={onClose} title={TITLES[source]} size={1000}>
      <Stepper active={step} size="sm">
        <Stepper.Step label={source === 'file' ? LIBRARY.stepFile : RECIPE_READING.stepRead}>
          {source === 'file' ? (
            <FileStep ingredients={rows?.ingredients} onCancel={onClose} onRead={onRead} />
          ) : (
            <ReadStep
              source={source}
              state={readState}
              ingredients={rows?.ingredients}
              onCancel={onClose}
              onRead={onRead}
            />
          )}
        </Stepper.Step>
        <Stepper.Step label={LIBRARY.stepIngredients}>
          {file && rows && (
            <IngredientsStep
              read={source !== 'file'}
              recipeCount={file.recipes.length}
              names={file.names}
              existing={rows.ingredients}
              choices={choices}
              onChange={(key, choice) => setChoices((all) => new Map(all).set(key, choice))}
              error={planError}
              onBack={() => setStep(0)}
              onNext={toRecipes}
            />
          )}
        </Stepper.Step>
        <Stepper.Step label={LIBRARY.stepRecipes}>
          {plan && (
            <RecipesStep
              plan={plan}
              importing={importing}
              confirmLabel={source === 'file' ? LIBRARY.importConfirm : RECIPE_READING.confirm}
              onBack={() => setStep(1)}
              onConfirm={() => void confirm()}
            />
          )}
        </Stepper.Step>
      </Stepper>
    </Modal>
  );
}
