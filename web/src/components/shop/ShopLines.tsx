/**
 * The lines of a shopping list to tick in the shop, for the organiser and for a helper with the
 * list's link alike: bought once first, then day by day (fresh products, the day before their
 * meals), each part by supplier; the lines the larder covers come last. Large tick boxes: the
 * list is used one-handed, on a phone, in a shop aisle.
 */
import { memo, type ReactNode } from 'react';
import { Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  dayToDate,
  formatLongDate,
  formatPacks,
  formatTotal,
  hasSomethingToBuy,
  purchaseDay,
  type ShopItem,
} from '@popote/domain';
import { SHOPPING } from '../../strings';

/** What a line shows: the organiser has more, a helper exactly this. */
export type ShopLine = Pick<
  ShopItem,
  'key' | 'name' | 'kind' | 'supplier' | 'day' | 'toBuy' | 'bought' | 'checked' | 'packs'
>;

interface Part<L> {
  key: string;
  title: string;
  suppliers: { supplier: string; lines: L[] }[];
}

const dayText = (start: string | null, day: number): string =>
  start === null ? SHOPPING.dayNumber(day) : formatLongDate(dayToDate(start, day));

/** The list cut into its parts, in the order of the lines (sortShopItems). */
export function shopParts<L extends ShopLine>(
  lines: readonly L[],
  start: string | null,
): Part<L>[] {
  const parts: Part<L>[] = [];
  const partOf = (key: string, title: string): Part<L> => {
    let part = parts.find((p) => p.key === key);
    if (!part) {
      part = { key, title, suppliers: [] };
      parts.push(part);
    }
    return part;
  };
  const covered: L[] = [];
  for (const line of lines) {
    if (!hasSomethingToBuy(line)) {
      covered.push(line);
      continue;
    }
    const day = purchaseDay(line);
    const part =
      day === null
        ? partOf('once', SHOPPING.onceTitle)
        : partOf(`day${day}`, SHOPPING.buyOn(dayText(start, day)));
    const last = part.suppliers[part.suppliers.length - 1];
    if (last && last.supplier === line.supplier) last.lines.push(line);
    else part.suppliers.push({ supplier: line.supplier, lines: [line] });
  }
  if (covered.length > 0) {
    parts.push({
      key: 'covered',
      title: SHOPPING.inLarder,
      suppliers: [{ supplier: '', lines: covered }],
    });
  }
  return parts;
}

export function ShopLines<L extends ShopLine>({
  lines,
  start,
  onTick,
  extra,
  readOnly = false,
}: {
  lines: readonly L[];
  start: string | null;
  onTick: (line: L, checked: boolean) => void;
  /** More about a line, beside its tick (the organiser's need and quantity bought). */
  extra?: (line: L) => ReactNode;
  /** The ticks are shown, not changed (a role that may not tick, issue 32). */
  readOnly?: boolean;
}) {
  return (
    <Stack gap="lg">
      {shopParts(lines, start).map((part) => (
        <Stack key={part.key} gap="xs" data-testid="shop-part">
          <Title order={3} size="h4">
            {part.title}
          </Title>
          {part.suppliers.map(({ supplier, lines: group }, i) => (
            <Stack key={`${supplier}-${i}`} gap={6}>
              {supplier !== '' && (
                <Text fw={600} c="dimmed" size="sm">
                  {supplier}
                </Text>
              )}
              {group.map((line) => (
                <ShopLineRow
                  key={line.key}
                  line={line}
                  start={start}
                  onTick={onTick}
                  extra={extra}
                  readOnly={readOnly}
                />
              ))}
            </Stack>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

interface RowProps<L extends ShopLine> {
  line: L;
  start: string | null;
  onTick: (line: L, checked: boolean) => void;
  extra?: (line: L) => ReactNode;
  readOnly: boolean;
}

/**
 * One line, drawn again only when its content changed: each tick brings the whole list anew
 * (one row), and a list of thousands of lines must not redraw them all for one tick. The
 * callbacks act on the line they are given, so a new function of the same list is the same;
 * what the user's role allows (the tick, the extra) redraws it.
 */
const ShopLineRow = memo(
  function ShopLineRow<L extends ShopLine>({ line, start, onTick, extra, readOnly }: RowProps<L>) {
    return (
      <Paper withBorder p="sm" data-testid="shop-line" data-checked={line.checked}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Checkbox
            size="lg"
            checked={line.checked}
            disabled={readOnly}
            onChange={(e) => onTick(line, e.currentTarget.checked)}
            label={
              <Text
                fz="lg"
                td={line.checked ? 'line-through' : undefined}
                c={line.checked ? 'dimmed' : undefined}
              >
                {line.name}
              </Text>
            }
            description={
              <>
                {formatTotal(line.toBuy)}
                {line.packs && ` · ${formatPacks(line.packs.count, line.packs.pack)}`}
                {line.day !== null && ` · ${SHOPPING.forDay(dayText(start, line.day))}`}
                {line.bought !== null && ` · ${SHOPPING.boughtNote(line.bought)}`}
              </>
            }
          />
          {extra?.(line)}
        </Group>
      </Paper>
    );
  },
  (a, b) =>
    a.start === b.start &&
    a.readOnly === b.readOnly &&
    (a.extra === undefined) === (b.extra === undefined) &&
    JSON.stringify(a.line) === JSON.stringify(b.line),
) as <L extends ShopLine>(props: RowProps<L>) => ReactNode;
