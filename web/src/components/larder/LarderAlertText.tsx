/** One alert of the larder, in its colour: in the larder panel and in the kitchen view. */
import { Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { LarderAlertLine } from '../../data/larder-alerts';
import { isLoudAlert, LARDER_ALERT_COLORS, larderAlertText } from './larder-alert-words';

export function LarderAlertText({
  line,
  stayStart,
  today,
  prefix,
  size = 'sm',
}: {
  line: LarderAlertLine;
  stayStart: string;
  today: number;
  /** Put before the sentence (the ingredient's name, in the kitchen view). */
  prefix?: (sentence: string) => string;
  size?: string;
}) {
  const sentence = larderAlertText(line, stayStart, today);
  const kind = line.alert.kind;
  return (
    <Text
      size={size}
      c={LARDER_ALERT_COLORS[kind]}
      fw={isLoudAlert(kind) ? 700 : 400}
      data-testid="larder-alert"
      data-kind={kind}
      style={{ display: 'flex', gap: 4, alignItems: 'flex-start', overflowWrap: 'anywhere' }}
    >
      {kind !== 'pastBestBefore' && (
        <IconAlertTriangle size="1em" style={{ flexShrink: 0, marginTop: '0.2em' }} aria-hidden />
      )}
      <span>{prefix ? prefix(sentence) : sentence}</span>
    </Text>
  );
}
