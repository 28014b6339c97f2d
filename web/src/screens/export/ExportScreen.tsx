/**
 * The export screen ('Export' in the drawer, spec 2.7): the ingredients needed over chosen days,
 * the cook sheets (PDF), the shopping spreadsheet (Excel) and the supplier profiles. Everything
 * is computed on the device from the local database, so it all works offline.
 */
import { useState } from 'react';
import {
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Progress,
  Radio,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconBuildingStore,
  IconCalendarWeek,
  IconFileSpreadsheet,
  IconFileTypePdf,
  IconListCheck,
  IconPresentation,
  IconTable,
  IconBasket,
} from '@tabler/icons-react';
import type { Id, Ingredient, Stay } from '@popote/domain';
import type { PosterFormat } from '@popote/exports';
import {
  allergenTableFileName,
  cookbookFileName,
  menuPosterFileName,
  PDF_MIME,
  weekPlanFileName,
} from '@popote/exports';
import { NoActiveStay } from '../../components/NoActiveStay';
import { BudgetDialog } from '../../components/costs/BudgetDialog';
import { PurchaseDialog } from '../../components/costs/PurchaseDialog';
import { useSession } from '../../session/useSession';
import { SHOPPING, EXPORT_SCREEN, SUCCESS } from '../../strings';
import { FirstSyncLoader, useFirstSyncDone } from '../../sync/FirstSync';
import { useSync } from '../../sync/SyncProvider';
import { useStockFor } from '../../data/larder';
import { useStay, useStayDays } from '../../data/stays';
import { useMayOnStay, useStayMay } from '../../data/team';
import { CompiledList } from './CompiledList';
import { CostCard } from './CostCard';
import { CreateListDialog } from './CreateListDialog';
import { DayPicker } from '../../components/DayPicker';
import { ProfilesDialog } from './ProfilesDialog';
import { ShoppingSpreadsheetDialog } from './ShoppingSpreadsheetDialog';
import { DayWarnings } from './DayWarnings';
import { useCostedCompile, useDayWarnings } from './useExportData';
import {
  useExportRunner,
  useProgress,
  type ExportJob,
  type ProgressStore,
} from '../../components/useExportRunner';
import { useExportSelection } from './export-params';

export function ExportScreen() {
  const session = useSession();
  const stayId = session?.activeStayId ?? null;
  const stay = useStay(stayId);
  const firstSyncDone = useFirstSyncDone();
  if (stay === undefined) return <Loader aria-label={EXPORT_SCREEN.loading} />;
  if (stay === null && !firstSyncDone) return <FirstSyncLoader />;
  if (stay === null || session === null) return <NoActiveStay testId="export-no-stay" />;
  return <StayExport key={stay.id} stay={stay} userId={session.idUser} />;
}

function StayExport({ stay, userId }: { stay: Stay; userId: Id }) {
  const { db } = useSync();
  const days = useStayDays(stay.id);
  // Kept in the address: back from a meal of the agenda, the ticked days are still ticked.
  const { selected, compiledDays, select, compile } = useExportSelection();
  const compiled = useCostedCompile(stay, compiledDays);
  const [pricing, setPricing] = useState<Ingredient | null>(null);
  // The stay's costs count its owner's prices, set by whoever plans the stay (issue 32).
  const mayPrice = useMayOnStay(stay, 'plan');
  const onPrice = mayPrice ? setPricing : undefined;
  const [budgetOpen, setBudgetOpen] = useState(false);
  const warnings = useDayWarnings(stay.id, compiledDays);
  const [spreadsheetOpen, setSpreadsheetOpen] = useState(false);
  const [profilesOpen, setProfilesOpen] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const stock = useStockFor(stay, compiledDays);
  const { busy, progress, run } = useExportRunner();
  const noDay = selected.length === 0;
  // What the user's role allows (issue 32): every role makes the files; lists, the budget and
  // the stay's suppliers are its planners'. The rules refuse the rest anyway.
  const may = useStayMay(stay);

  // Cook-sheet options, off by default: only meals to cook, no cover (one page per meal).
  const [includeEmptyMeals, setIncludeEmptyMeals] = useState(false);
  const [cover, setCover] = useState(false);
  // The menu poster's paper (issue 35).
  const [posterFormat, setPosterFormat] = useState<PosterFormat>('a4');

  /** The chosen days, which the exports worker reads from this device's database. */
  const source = () => ({
    dbName: db.name,
    stayId: stay.id,
    days: selected,
    stay: { name: stay.name, start: stay.start },
  });
  const exportCookbook = () =>
    run(
      (): ExportJob => ({
        request: { kind: 'cookbook', source: source(), options: { includeEmptyMeals, cover } },
        fileName: cookbookFileName(stay.name),
        mime: PDF_MIME,
      }),
      SUCCESS.cookSheetsDownloaded,
    );
  const exportWeekPlan = () =>
    run(
      (): ExportJob => ({
        request: { kind: 'weekPlan', source: source() },
        fileName: weekPlanFileName(stay.name),
        mime: PDF_MIME,
      }),
      SUCCESS.fileDownloaded,
    );
  const exportAllergenTable = () =>
    run(
      (): ExportJob => ({
        request: { kind: 'allergenTable', source: source() },
        fileName: allergenTableFileName(stay.name),
        mime: PDF_MIME,
      }),
      SUCCESS.fileDownloaded,
    );

  const exportMenuPoster = () =>
    run(
      (): ExportJob => ({
        request: { kind: 'menuPoster', source: source(), format: posterFormat },
        fileName: menuPosterFileName(stay.name),
        mime: PDF_MIME,
      }),
      SUCCESS.fileDownloaded,
    );

  return (
    <Stack gap="lg" data-testid="screen-export">
      <Card withBorder>
        <Stack>
          <Title order={2} size="h4">
            {EXPORT_SCREEN.compileTitle}
          </Title>
          {days === undefined ? (
            <Loader size="sm" aria-label={EXPORT_SCREEN.loading} />
          ) : (
            <DayPicker start={stay.start} days={days} selected={selected} onChange={select} />
          )}
          <Group>
            <Button leftSection={<IconListCheck size={18} />} disabled={noDay} onClick={compile}>
              {EXPORT_SCREEN.compile}
            </Button>
            {may('createShopList') && (
              <Button
                variant="light"
                leftSection={<IconBasket size={18} />}
                disabled={noDay}
                onClick={() => setListOpen(true)}
              >
                {SHOPPING.create}
              </Button>
            )}
            {noDay && (
              <Text size="sm" c="dimmed">
                {EXPORT_SCREEN.chooseDays}
              </Text>
            )}
          </Group>
          {compiledDays !== null && compiled === undefined && (
            <Loader size="sm" aria-label={EXPORT_SCREEN.loading} />
          )}
          {compiled && !compiled.ok && <Text c="red">{compiled.message}</Text>}
          {warnings && <DayWarnings warnings={warnings} start={stay.start} />}
          {compiled?.ok && (
            <CompiledList
              result={compiled.result}
              start={stay.start}
              stock={stock ?? undefined}
              lines={compiled.plan.lines}
              onPrice={onPrice}
            />
          )}
        </Stack>
      </Card>

      <CostCard
        stay={stay}
        plan={compiled?.ok ? compiled.plan : null}
        onBudget={may('setStayBudget') ? () => setBudgetOpen(true) : undefined}
        onPrice={onPrice}
      />

      <Card withBorder>
        <Stack>
          <Title order={2} size="h4">
            {EXPORT_SCREEN.exportsTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {EXPORT_SCREEN.exportsHint}
          </Text>
          <Group>
            <Button
              leftSection={<IconFileTypePdf size={18} />}
              disabled={noDay || busy !== null}
              loading={busy === 'cookbook'}
              onClick={() => void exportCookbook()}
            >
              {EXPORT_SCREEN.exportCookbook}
            </Button>
            <Button
              leftSection={<IconCalendarWeek size={18} />}
              disabled={noDay || busy !== null}
              loading={busy === 'weekPlan'}
              onClick={() => void exportWeekPlan()}
            >
              {EXPORT_SCREEN.exportWeekPlan}
            </Button>
            <Button
              leftSection={<IconTable size={18} />}
              disabled={noDay || busy !== null}
              loading={busy === 'allergenTable'}
              onClick={() => void exportAllergenTable()}
            >
              {EXPORT_SCREEN.exportAllergenTable}
            </Button>
            <Button
              leftSection={<IconPresentation size={18} />}
              disabled={noDay || busy !== null}
              loading={busy === 'menuPoster'}
              onClick={() => void exportMenuPoster()}
            >
              {EXPORT_SCREEN.exportMenuPoster}
            </Button>
            <Button
              leftSection={<IconFileSpreadsheet size={18} />}
              disabled={noDay || busy !== null}
              loading={busy === 'shopping'}
              onClick={() => setSpreadsheetOpen(true)}
            >
              {EXPORT_SCREEN.exportShopping}
            </Button>
            <Button
              variant="default"
              leftSection={<IconBuildingStore size={18} />}
              onClick={() => setProfilesOpen(true)}
            >
              {EXPORT_SCREEN.suppliers}
            </Button>
          </Group>
          <Group gap="lg">
            <Checkbox
              label={EXPORT_SCREEN.includeEmptyMeals}
              checked={includeEmptyMeals}
              onChange={(e) => setIncludeEmptyMeals(e.currentTarget.checked)}
            />
            <Checkbox
              label={EXPORT_SCREEN.coverPage}
              checked={cover}
              onChange={(e) => setCover(e.currentTarget.checked)}
            />
          </Group>
          <Radio.Group
            label={EXPORT_SCREEN.posterFormat}
            value={posterFormat}
            onChange={(value) => setPosterFormat(value === 'a3' ? 'a3' : 'a4')}
          >
            <Group gap="lg" mt={4}>
              <Radio value="a4" label={EXPORT_SCREEN.posterA4} />
              <Radio value="a3" label={EXPORT_SCREEN.posterA3} />
            </Group>
          </Radio.Group>
          {busy !== null && <ExportProgressBar store={progress} />}
        </Stack>
      </Card>

      {pricing !== null && (
        <PurchaseDialog
          key={pricing.id}
          ingredient={pricing}
          stay={stay}
          onClose={() => setPricing(null)}
        />
      )}
      {budgetOpen && may('setStayBudget') && (
        <BudgetDialog stay={stay} onClose={() => setBudgetOpen(false)} />
      )}
      {listOpen && may('createShopList') && (
        <CreateListDialog stay={stay} days={selected} onClose={() => setListOpen(false)} />
      )}
      {spreadsheetOpen && (
        <ShoppingSpreadsheetDialog
          stay={stay}
          days={selected}
          busy={busy !== null}
          onClose={() => setSpreadsheetOpen(false)}
          onExport={(prepare) =>
            run(prepare, SUCCESS.fileDownloaded).then((ok) => {
              if (ok) setSpreadsheetOpen(false);
            })
          }
        />
      )}
      <ProfilesDialog
        opened={profilesOpen}
        onClose={() => setProfilesOpen(false)}
        stay={stay}
        userId={userId}
        mayChooseDefault={may('setStayProfile')}
      />
    </Stack>
  );
}

/** The running export's progress: redrawn alone at each step of a build. */
function ExportProgressBar({ store }: { store: ProgressStore }) {
  const { done, total } = useProgress(store);
  return (
    <Stack gap={4} data-testid="export-progress">
      {/* Not animated: stripes would repaint the page every frame while the worker builds. */}
      <Progress
        value={total === 0 ? 5 : (100 * done) / total}
        aria-label={EXPORT_SCREEN.preparing(done, total)}
      />
      <Text size="sm" c="dimmed">
        {EXPORT_SCREEN.preparing(done, total)}
      </Text>
    </Stack>
  );
}
