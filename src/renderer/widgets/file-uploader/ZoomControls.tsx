import type { ReactNode } from 'react';
import { Button, Text } from '@fluentui/react-components';
import { ZoomInRegular, ZoomOutRegular } from '@fluentui/react-icons';
import { useWidgetText } from '../text';

/**
 * Zoom out, the zoom as a percentage, zoom in — of the image gallery and the PDF viewer. The
 * buttons stay focusable at either end, so + and - keep working from the keyboard.
 */
export function ZoomControls(props: { percent: number; canZoomOut: boolean; canZoomIn: boolean; onZoomOut(): void; onZoomIn(): void }): ReactNode {
  const text = useWidgetText();
  return (
    <>
      <Button icon={<ZoomOutRegular />} aria-label={text('upload.zoomOut')} disabledFocusable={!props.canZoomOut} onClick={props.onZoomOut} />
      <Text aria-live="polite">{`${Math.round(props.percent)}%`}</Text>
      <Button icon={<ZoomInRegular />} aria-label={text('upload.zoomIn')} disabledFocusable={!props.canZoomIn} onClick={props.onZoomIn} />
    </>
  );
}
