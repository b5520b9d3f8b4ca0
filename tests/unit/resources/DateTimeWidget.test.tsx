import { describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import dayjs from 'dayjs';
import type { WidgetProps } from '@rjsf/utils';
import DateTimePickerField, {
  DATE_TIME_PICKER_FORMAT,
  dateTimeValueOf,
} from '../../../src/resources/generator/widgets/DateTimePickerField';

describe('date-time widget', () => {
  it('shows mm/dd/yy with the time', () => {
    expect(DATE_TIME_PICKER_FORMAT).toBe('MM/DD/YY hh:mm A');
  });

  it('gives the form an ISO string in UTC, nothing when cleared, the typed text when invalid', () => {
    expect(dateTimeValueOf(dayjs('2025-01-31T09:30:00.000Z'))).toBe('2025-01-31T09:30:00.000Z');
    expect(dateTimeValueOf(null)).toBeUndefined();
    expect(dateTimeValueOf(dayjs('not a date'))).toBe('invalid');
  });

  it('renders the stored instant in the picker', () => {
    const value = '2025-01-31T09:30:00.000Z';
    const props = {
      id: 'root_valid_from',
      name: 'valid_from',
      label: 'Valid from',
      value,
      onChange: vi.fn(),
      onBlur: vi.fn(),
      onFocus: vi.fn(),
      options: {},
      schema: {},
      registry: {},
      required: true,
    } as unknown as WidgetProps;
    const { container } = render(<DateTimePickerField {...props} />);

    const hidden = container.querySelector('input');
    expect(hidden).toHaveValue(dayjs(value).format(DATE_TIME_PICKER_FORMAT));
  });
});
