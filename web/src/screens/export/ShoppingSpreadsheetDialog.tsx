/**
 * 'Fournisseurs' (spec 2.7): before the shopping spreadsheet, choose a supplier profile (the
 * stay's default one first) and, for each ingredient, its supplier. The default comes from the
 * profile's mapping; the user's own choices are highlighted and counted.
 */
import { memo, useCallback, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import {
  defaultMapping,
  NO_SUPPLIER,
  planCosts,
  sortSuppliers,
  type CompiledIngredient,
  type Id,
  type Stay,
} from '@popote/domain';
import { shoppingFileName, XLSX_MIME } from '@popote/exports';
import { COMMON, EXPORT_SCREEN, SHOPPING_SPREADSHEET } from '../../strings';
import type { PrepareExport } from '../../components/useExportRunner';
import { usePurchases } from '../../components/costs/usePurchases';
import { useCompiled, useProfileDetails, useProfiles, useStayPeople } from './useExportData';

/** No choice of the user's yet (one object, so that the memoised table keeps still). */
const NO_CHOICES: Readonly<Record<Id, Id>> = {};

export interface ShoppingSpreadsheetDialogProps {
  stay: Stay;
  days: readonly number[];
  busy: boolean;
  onClose: () => void;
  onExport: (prepare: PrepareExport) => void;
}

export function ShoppingSpreadsheetDialog({
  stay,
  days,
  busy,
  onClose,
  onExport,
}: ShoppingSpreadsheetDialogProps) {
  const profiles = useProfiles();
  // undefined: not chosen yet, so the stay's default profile applies.
  const [chosen, setChosen] = useState<Id | null | undefined>(undefined);
  const stayDefault =
    profiles?.some((p) => p.id === stay.profileId) === true ? stay.profileId : null;
  const profileId = chosen === undefined ? stayDefault : chosen;
  const details = useProfileDetails(profileId);
  const compiled = useCompiled(stay.id, days);
  const people = useStayPeople(stay.id);
  // The stay's owner's prices, as its costs (issue 32).
  const purchases = usePurchases(stay.owner);
  // The user's choices, for the profile they were made with.
  const [overrides, setOverrides] = useState<{ profileId: Id | null; map: Record<Id, Id> }>({
    profileId: null,
    map: {},
  });
  const custom = overrides.profileId === profileId ? overrides.map : NO_CHOICES;

  const result = compiled?.ok ? compiled.result : null;
  const profile = details?.profile ?? null;
  const suppliers = useMemo(() => sortSuppliers(details?.suppliers ?? []), [details]);
  const defaults = useMemo(
    () => defaultMapping(profile, result?.ingredients.map((i) => i.ingredient) ?? []),
    [profile, result],
  );
  const customCount = Object.entries(custom).filter(
    ([id, supplier]) => defaults[Number(id)] !== supplier,
  ).length;
  const loading =
    profiles === undefined ||
    compiled === undefined ||
    details === undefined ||
    people === undefined ||
    purchases === undefined;

  // Stable, so that the table (hundreds of selects) is not redrawn for the export's state.
  const choose = useCallback(
    (ingredientId: Id, supplierId: Id) =>
      setOverrides((previous) => ({
        profileId,
        map: {
          ...(previous.profileId === profileId ? previous.map : {}),
          [ingredientId]: supplierId,
        },
      })),
    [profileId],
  );

  const exportFile = () => {
    if (!result) return;
    const mapping = { ...defaults, ...custom };
    // Prices and packs (issue 21), with the suppliers chosen here: the export screen's figures
    // when the choices are the profile's. Without any price nor budget, the spreadsheet stays as
    // it was: no empty cost columns.
    const costs =
      people && purchases && (purchases.size > 0 || typeof stay.budget === 'number')
        ? {
            purchases: [...purchases.values()],
            plan: planCosts({
              compiled: result,
              meals: people.meals,
              groups: people.groups,
              purchases,
              supplierOf: (ingredient) => mapping[ingredient.id] ?? NO_SUPPLIER,
              suppliers,
              budget: stay.budget ?? null,
            }),
            budget: stay.budget ?? null,
          }
        : undefined;
    onExport(() => ({
      request: {
        kind: 'shopping',
        input: {
          stay: { name: stay.name, start: stay.start },
          compiled: result,
          profile:
            profile === null
              ? null
              : { suppliers: suppliers.map(({ id, name }) => ({ id, name })), mapping },
          ...(costs ? { costs } : {}),
        },
      },
      fileName: shoppingFileName(stay.name),
      mime: XLSX_MIME,
    }));
  };

  const supplierOptions = useMemo(
    () => [
      { value: String(NO_SUPPLIER), label: SHOPPING_SPREADSHEET.none },
      ...suppliers.map((s) => ({ value: String(s.id), label: s.name })),
    ],
    [suppliers],
  );

  return (
    <Modal opened onClose={onClose} title={SHOPPING_SPREADSHEET.title} size={800}>
      <Stack>
        <Select
          label={SHOPPING_SPREADSHEET.profileLabel}
          placeholder={SHOPPING_SPREADSHEET.profilePlaceholder}
          data={(profiles ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          value={profileId === null ? null : String(profileId)}
          onChange={(value) => setChosen(value === null ? null : Number(value))}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        {loading && <Loader size="sm" aria-label={EXPORT_SCREEN.loading} />}
        {compiled && !compiled.ok && <Text c="red">{compiled.message}</Text>}
        {!loading && profile === null && (
          <Alert color="blue">{SHOPPING_SPREADSHEET.noProfileHint}</Alert>
        )}
        {!loading && profile !== null && result !== null && (
          <>
            <Group justify="space-between">
              <Text size="sm">{SHOPPING_SPREADSHEET.supplierHint}</Text>
              <Text size="sm" fw={600} data-testid="spreadsheet-custom-count">
                {SHOPPING_SPREADSHEET.customCount(customCount)}
              </Text>
            </Group>
            {result.ingredients.length === 0 ? (
              <Text fs="italic" c="dimmed">
                {EXPORT_SCREEN.noIngredient}
              </Text>
            ) : (
              <SupplierTable
                ingredients={result.ingredients}
                custom={custom}
                defaults={defaults}
                options={supplierOptions}
                onChoose={choose}
              />
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {COMMON.cancel}
          </Button>
          <Button onClick={exportFile} disabled={result === null || loading} loading={busy}>
            {SHOPPING_SPREADSHEET.export}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface SupplierTableProps {
  ingredients: readonly CompiledIngredient[];
  custom: Readonly<Record<Id, Id>>;
  defaults: Readonly<Record<Id, Id>>;
  options: { value: string; label: string }[];
  onChoose: (ingredientId: Id, supplierId: Id) => void;
}

/** Each ingredient and its supplier; the user's own choices highlighted. */
const SupplierTable = memo(function SupplierTable({
  ingredients,
  custom,
  defaults,
  options,
  onChoose,
}: SupplierTableProps) {
  return (
    <Table verticalSpacing={4}>
      <Table.Tbody>
        {ingredients.map(({ ingredient }) => {
          const value = custom[ingredient.id] ?? defaults[ingredient.id] ?? NO_SUPPLIER;
          const isCustom = value !== (defaults[ingredient.id] ?? NO_SUPPLIER);
          return (
            <Table.Tr
              key={ingredient.id}
              data-testid="spreadsheet-row"
              data-custom={isCustom}
              bg={isCustom ? 'var(--mantine-color-yellow-light)' : undefined}
            >
              <Table.Td fw={isCustom ? 700 : undefined}>{ingredient.name}</Table.Td>
              <Table.Td w={280}>
                <NativeSelect
                  aria-label={SHOPPING_SPREADSHEET.supplierOf(ingredient.name)}
                  data={options}
                  value={String(value)}
                  onChange={(e) => onChoose(ingredient.id, Number(e.currentTarget.value))}
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
});
