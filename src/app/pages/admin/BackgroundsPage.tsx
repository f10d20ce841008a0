import { Button, Text } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { usePageStyles } from '../common/page-styles';
import type { AdminBackground } from './admin-types';
import { useEntityRequest, type EntityRequest } from './open-entity-form';
import { SearchList } from './SearchList';
import type { BackgroundQuery } from '../../../wire/organisation';
import { labelValue, listText } from '../../../engine';

/** Group company names are shown truncated at 30 characters (spec 000 §2). */
const COMPANY_NAME_MAX = 30;
const truncate = (name: string) => ([...name].length > COMPANY_NAME_MAX ? `${[...name].slice(0, COMPANY_NAME_MAX).join('')}…` : name);

const formData = (group: AdminBackground) => ({
  name: group.name,
  companies: group.companies.map((c) => c.id),
  background_pics: group.background_pics.map((p) => ({ pic_type_id: p.pic_type_id, pic_id: p.pic_id })),
});

/** Background groups (group admins): name, companies, person in charge per type; create and edit through approval. */
export function BackgroundsPage() {
  const { t } = useTranslation();
  const styles = usePageStyles();
  const requestChange = useEntityRequest();
  // A filed request invalidates the entity lists (this one among them): nothing to reload here.
  const open = (titleKey: string, params: Parameters<EntityRequest>[2]) => requestChange('background', titleKey, params);
  return (
    <section className={styles.page} data-testid="background-groups">
      <Button icon={<AddRegular />} appearance="primary" onClick={() => void open('app.admin.createBackground', { operation: 'create' })}>
        {t('app.admin.createBackground')}
      </Button>
      <SearchList<AdminBackground, BackgroundQuery>
        endpoint="/backgrounds"
        itemsPerPage={99999}
        label={t('app.admin.backgroundGroups')}
        keyOf={(g) => g.id}
        renderItem={(group) => (
          <>
            <span className={styles.rowText}>
              <Text weight="semibold">{group.name}</Text>
              <Text size={200} className={styles.muted}>{listText(t, group.companies.map((c) => truncate(c.name)))}</Text>
              {group.background_pics.map((p) => (
                <Text size={200} key={p.pic_type_id}>{labelValue(t, p.pic_type.name, p.pic.name)}</Text>
              ))}
            </span>
            <Button size="small" onClick={() => void open('app.admin.editBackground', { operation: 'edit', targetId: group.id, initialData: formData(group) })}>
              {t('app.admin.edit')}
            </Button>
          </>
        )}
      />
    </section>
  );
}
