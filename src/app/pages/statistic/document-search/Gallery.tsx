import { useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL, alignItems: 'center' },
  image: { maxWidth: '100%', maxHeight: '70vh', objectFit: 'contain', backgroundColor: tokens.colorNeutralBackground3 },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

/** An image of the gallery. */
export interface GalleryImage { id: number; url: string; name: string }

/** The image preview of the files tab (spec 001 §2): one image at a time with previous / next. */
export function Gallery({ images, start }: { images: GalleryImage[]; start: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [index, setIndex] = useState(start);
  const image = images[index];
  return (
    <div className={styles.root} data-testid="gallery">
      <img className={styles.image} src={image.url} alt={image.name} />
      <Text>{image.name}</Text>
      <div className={styles.bar}>
        <Button icon={<ChevronLeftRegular />} aria-label={t('statistic.search.gallery.previous')} disabled={index === 0} onClick={() => setIndex(index - 1)} />
        <Text aria-live="polite">{t('statistic.search.gallery.position', { n: index + 1, total: images.length })}</Text>
        <Button icon={<ChevronRightRegular />} aria-label={t('statistic.search.gallery.next')} disabled={index === images.length - 1} onClick={() => setIndex(index + 1)} />
      </div>
    </div>
  );
}
