/**
 * The recipes import in 3 steps (spec 2.6): 'Fichier', 'Ingrédients', 'Recettes'. The file is
 * read on the device and the whole import is one importRecipes mutation, so it works offline
 * and the server applies all of it or nothing.
 */
import { useMemo, useState } from 'react';
import { Modal, Stepper } from '@mantine/core';
import {
  isDomainError,
  planRecipesImport,
  proposedChoices,
  recipesImportArgs,
  type ImportName,
  type IngredientChoice,
  type ParsedRecipe,
  type RecipesImportPlan,
} from '@popote/domain';
import { notifySuccess } from '../../../feedback/feedback';
import { LIBRARY, SUCCESS } from '../../../strings';
import { useLocalQuery } from '../../../sync/useLocal';
import { useMutate } from '../../../sync/useMutate';
import { useSync } from '../../../sync/SyncProvider';
import { FileStep } from './FileStep';
import { IngredientsStep } from './IngredientsStep';
import { RecipesStep } from './RecipesStep';

interface ReadFile {
  recipes: ParsedRecipe[];
  names: ImportName[];
}

export function ImportDialog({ onClose }: { onClose: () => void }) {
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
    const done = await mutate('importRecipes', (ids) =>
      recipesImportArgs(plan, ids.range(plan.idCount), new Date().toISOString()),
    );
    setImporting(false);
    if (done) {
      notifySuccess(SUCCESS.recipesImported);
      onClose();
    }
  };

  return (
    <Modal opened onClose={onClose} title={LIBRARY.importTitle} size={1000}>
      <Stepper active={step} size="sm">
        <Stepper.Step label={LIBRARY.stepFile}>
          <FileStep
            ingredients={rows?.ingredients}
            onCancel={onClose}
            onRead={(read) => {
              setFile({ recipes: read.recipes, names: read.names });
              setChoices(proposedChoices(read.names, read.matches));
              setPlanError(null);
              setStep(1);
            }}
          />
        </Stepper.Step>
        <Stepper.Step label={LIBRARY.stepIngredients}>
          {file && rows && (
            <IngredientsStep
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
              onBack={() => setStep(1)}
              onConfirm={() => void confirm()}
            />
          )}
        </Stepper.Step>
      </Stepper>
    </Modal>
  );
}
