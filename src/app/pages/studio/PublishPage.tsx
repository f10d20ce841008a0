import { useState } from 'react';
import { Button, MessageBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ModuleSource } from '../../../engine';
import { useFeedback } from '../../feedback';
import { usePageStyles } from '../common/page-styles';
import { PARTS, partTexts } from './draft-parts';
import { lineDiff } from './line-diff';
import type { Published, StudioApi, StudioViolation } from './studio-api';

const useStyles = makeStyles({
  diff: { margin: 0, padding: tokens.spacingHorizontalS, overflowX: 'auto', fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, backgroundColor: tokens.colorNeutralBackground2, borderRadius: tokens.borderRadiusMedium },
  added: { display: 'block', backgroundColor: tokens.colorPaletteGreenBackground2 },
  removed: { display: 'block', backgroundColor: tokens.colorPaletteRedBackground2 },
  same: { display: 'block' },
});

export interface PublishParams {
  api: StudioApi;
  draft: ModuleSource;
  /** The published version the draft started from; null for a new module. */
  previous: { version: number; source: ModuleSource } | null;
}

/**
 * Publish with a diff: each part's changes against the previous version (unchanged lines
 * folded), then POST (new module) or PUT (new version). A refusal lists every problem.
 */
export function PublishPage({ params, close }: { params: PublishParams; close(result?: Published): void }) {
  const { t } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const feedback = useFeedback();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<StudioViolation[]>([]);
  const { draft, previous, api } = params;
  const after = partTexts(draft);
  const before = previous ? partTexts(previous.source) : null;
  const changed = PARTS.filter((part) => !before || before[part] !== after[part]);

  const publish = async () => {
    setBusy(true);
    try {
      const result = previous ? await api.update(draft) : await api.create(draft);
      feedback.toast(result.inFlightOlder
        ? t('studio.publishedInFlight', { code: result.code, version: result.version, n: result.inFlightOlder })
        : t('studio.published', { code: result.code, version: result.version }), 'success');
      close(result);
    } catch (error) {
      const violations = (error as { body?: { violations?: StudioViolation[] } }).body?.violations ?? [{ propertyPath: '', message: (error as Error).message }];
      setRefused(violations);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.page} data-testid="studio-publish">
      <Text weight="semibold">{previous ? t('studio.diffTitle', { n: previous.version }) : t('studio.diffNew')}</Text>
      {previous && changed.length === 0 && <MessageBar>{t('studio.diffNone')}</MessageBar>}
      {previous && changed.map((part) => (
        <div key={part}>
          <Text>{t(`studio.parts.${part}`)}</Text>
          <pre className={styles.diff} data-testid={`studio-diff-${part}`}>
            {lineDiff(before![part], after[part]).map((line, i) => (
              <span key={i} className={line.kind === '+' ? styles.added : line.kind === '-' ? styles.removed : styles.same}>{`${line.kind} ${line.text}`}</span>
            ))}
          </pre>
        </div>
      ))}
      {refused.length > 0 && (
        <MessageBar intent="error">
          {t('studio.refused', { n: refused.length })}
          <ul>{refused.map((v, i) => <li key={i}><code>{v.propertyPath}</code> {v.message}</li>)}</ul>
        </MessageBar>
      )}
      <Button appearance="primary" size="large" disabled={busy} onClick={() => void publish()}>{t('studio.publishConfirm')}</Button>
    </section>
  );
}
