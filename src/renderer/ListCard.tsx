import { Card, CardHeader, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { CompiledModule, RuleContext, SummaryLine } from '../engine';
import { RendererDisplayContext } from './display-context';
import { useDisplayContextValue } from './cards/use-display-context-value';
import { useRendererT } from './i18n';
import { useRuleContext } from './use-rule-context';
import { DateDisplay, MoneyDisplay, TextDisplay } from './theme/displays';
import { FieldValue, fieldDefinition } from './cards/FieldValue';

const useStyles = makeStyles({
  line: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  label: { color: tokens.colorNeutralForeground3 },
  // CJK status texts have no spaces: in the header's action slot they would break per character.
  status: { whiteSpace: 'nowrap', flexShrink: 0 },
});

export interface ListCardProps {
  module: CompiledModule;
  data: Record<string, unknown>;
  /** Document code, e.g. PUR-2026-000001. */
  code?: string;
  /** Status text, already translated by the app. */
  status?: string;
  /** Applicant's name. */
  applicant?: string;
  context?: RuleContext;
  /** Tap: the app opens the detail page. */
  onOpen?(): void;
}

function SummaryValue({ line, module, data, t }: { line: SummaryLine; module: CompiledModule; data: Record<string, unknown>; t: ReturnType<typeof useRendererT> }) {
  const value = data[line.field];
  switch (line.format) {
    case 'money':
      return <MoneyDisplay value={value} formData={data} />;
    case 'date':
      return <DateDisplay value={value} />;
    case 'count':
      return <TextDisplay value={Array.isArray(value) ? value.length : (value ?? 0)} />;
    case 'text':
      // A choice is text to the reader, but in their language: its option label, never the
      // stored code.
      if (Array.isArray(fieldDefinition(module, line.field).schema.enum)) return <FieldValue module={module} field={line.field} data={data} t={t} />;
      return <TextDisplay value={value} />;
    default:
      return <FieldValue module={module} field={line.field} data={data} t={t} />;
  }
}

/**
 * A document in a list (View data, approval lists): title, code, status, applicant and the
 * summary lines of the UI schema's `ui:module.listCard`.
 */
export function ListCard({ module, data, code, status, applicant, context: givenContext, onOpen }: ListCardProps) {
  const context = useRuleContext(givenContext);
  const t = useRendererT(module);
  const styles = useStyles();
  const displayContext = useDisplayContextValue(module, context);
  const title = t(module.meta.listCard.title ?? module.meta.title);
  return (
    <RendererDisplayContext.Provider value={displayContext}>
      <Card onClick={onOpen} data-list-card={module.code} role={onOpen ? 'button' : undefined} aria-label={code ? `${title} ${code}` : title}>
        <CardHeader header={<Text weight="semibold">{title}</Text>} description={code ? <Text>{code}</Text> : undefined} action={status ? <Text className={styles.status}>{status}</Text> : undefined} />
        {applicant ? <Text className={styles.label}>{applicant}</Text> : null}
        {module.meta.listCard.summary.map((line) => (
          <div key={line.field} className={styles.line}>
            <Text className={styles.label}>{t(line.label)}</Text>
            <Text>
              <SummaryValue line={line} module={module} data={data} t={t} />
            </Text>
          </div>
        ))}
      </Card>
    </RendererDisplayContext.Provider>
  );
}
