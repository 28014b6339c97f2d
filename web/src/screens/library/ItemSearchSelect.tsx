/**
 * The search selector of the menu and recipe views (spec 2.6): type a few letters, then Enter
 * or Tab adds the first result (or the one chosen with the arrows). With no match it offers to
 * create the ingredient as typed.
 */
import { useMemo, useState, type KeyboardEvent } from 'react';
import { Button, Combobox, Group, Text, TextInput, useCombobox } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import {
  PLAT_LABELS,
  addableKey,
  parseSearchQuery,
  searchAddableItems,
  type AddableItem,
  type IngredientKind,
} from '@popote/domain';
import { PLAT_COLORS } from '../../theme/colors';
import { CreateIngredientDialog } from '../../components/CreateIngredientDialog';
import { LIBRARY } from '../../strings';

export interface ItemSearchSelectProps {
  label: string;
  items: readonly AddableItem[];
  /** Keys ('receipe:12', 'ingredient:7') of what is already there. */
  exclude: ReadonlySet<string>;
  onPick: (item: AddableItem) => void | Promise<void>;
  /** Creates the ingredient named and classed in its dialog; false when it was refused. */
  onCreateIngredient: (name: string, kind: IngredientKind) => Promise<boolean>;
}

export function ItemSearchSelect({
  label,
  items,
  exclude,
  onPick,
  onCreateIngredient,
}: ItemSearchSelectProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [value, setValue] = useState('');
  // Results follow every key at once: Enter right after typing must add what was typed.
  const results = useMemo(
    () => searchAddableItems(items, value, { exclude }),
    [items, value, exclude],
  );
  const query = parseSearchQuery(value).kind;
  const searching = query !== 'too-short';

  const reset = () => {
    setValue('');
    combobox.closeDropdown();
  };
  const pick = async (item: AddableItem | undefined) => {
    if (!item) return;
    reset();
    await onPick(item);
  };
  // A new ingredient needs its category (it decides the shopping list's grouping): ask.
  const [creating, setCreating] = useState<string | null>(null);
  const create = () => {
    const name = value.trim();
    if (name) setCreating(name);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const selected = combobox.getSelectedOptionIndex();
    if (event.key === 'Enter' && selected === -1 && results.length > 0) {
      // With an option chosen by the arrows, the combobox submits it itself.
      event.preventDefault();
      void pick(results[0]);
    } else if (event.key === 'Tab' && !event.shiftKey && searching && results.length > 0) {
      event.preventDefault();
      void pick(results[selected === -1 ? 0 : selected]);
    }
  };

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(key) => void pick(results.find((r) => addableKey(r) === key))}
    >
      <Combobox.Target>
        <TextInput
          label={label}
          placeholder={LIBRARY.addPlaceholder}
          leftSection={<IconSearch size={16} />}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={onKeyDown}
          data-testid="item-search"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!searching}>
        <Combobox.Options>
          {results.map((item) => (
            <Combobox.Option key={addableKey(item)} value={addableKey(item)}>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm">{item.name}</Text>
                <Text size="xs" c={item.kind === 'receipe' ? PLAT_COLORS[item.plat] : 'dimmed'}>
                  {item.kind === 'receipe'
                    ? `${LIBRARY.recipeKind} · ${PLAT_LABELS[item.plat]}`
                    : LIBRARY.ingredientItem}
                </Text>
              </Group>
            </Combobox.Option>
          ))}
          {results.length === 0 && query === 'text' && (
            <Combobox.Empty>
              <Group justify="space-between">
                <Text size="sm">{LIBRARY.noMatch}</Text>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPlus size={14} />}
                  // Keeps the focus in the field, so the dropdown stays open for the click.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={create}
                >
                  {LIBRARY.createIngredient}
                </Button>
              </Group>
            </Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
      <CreateIngredientDialog
        opened={creating !== null}
        initialName={creating ?? ''}
        onClose={() => setCreating(null)}
        onCreate={async (name, kind) => {
          const done = await onCreateIngredient(name, kind);
          if (done) reset();
          return done;
        }}
      />
    </Combobox>
  );
}
