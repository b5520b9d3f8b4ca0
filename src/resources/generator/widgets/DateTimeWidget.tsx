import { lazy, Suspense } from 'react';
import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';

// The pickers are heavy and only some forms have a date: load them with the first such field.
const DateTimePickerField = lazy(() => import('./DateTimePickerField'));

/** The RJSF widget of date-time fields: an mm/dd/yy picker (the product's date format), the value an ISO UTC string. */
export function DateTimeWidget(props: WidgetProps) {
  return (
    <Suspense fallback={<TextField label={props.label} required={props.required} disabled fullWidth />}>
      <DateTimePickerField {...props} />
    </Suspense>
  );
}
