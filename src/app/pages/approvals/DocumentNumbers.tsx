import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/**
 * A document's 申請番号 and 決裁番号 (issue #36 item 1: `application_number`, given at submit;
 * `decision_number`, at the final approval), one line each, only those it has.
 */
export function DocumentNumbers({ item, className }: { item: { application_number?: string | null; decision_number?: string | null }; className?: string }) {
  const { t } = useTranslation();
  return (
    <>
      {item.application_number ? <Text className={className} data-application-number={item.application_number}>{t('app.approvals.applicationNumber', { number: item.application_number })}</Text> : null}
      {item.decision_number ? <Text className={className} data-decision-number={item.decision_number}>{t('app.approvals.decisionNumber', { number: item.decision_number })}</Text> : null}
    </>
  );
}
