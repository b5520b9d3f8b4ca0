import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ChartAlternative } from '../../../src/ui/ChartAlternative';

describe("a chart's text alternative", () => {
  it('names the chart as one image and gives its numbers as a table that "Show as table" reveals', () => {
    render(
      <ChartAlternative label="Users by role" table={{ columns: ['Role', 'Users'], rows: [['Teacher', 4], ['Student', null]] }}>
        <svg data-testid="chart" />
      </ChartAlternative>,
    );
    expect(screen.getByRole('img', { name: 'Bar chart, Users by role. The table "Users by role" that follows lists the same numbers.' })).toContainElement(screen.getByTestId('chart'));
    const table = screen.getByRole('table', { name: 'Users by role' });
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Role', 'Users']);
    expect(within(table).getByRole('rowheader', { name: 'Teacher' }).closest('tr')).toHaveTextContent('Teacher4');
    expect(within(table).getByRole('rowheader', { name: 'Student' }).closest('tr')).toHaveTextContent('Student—');

    // Read by screen readers from the start, shown to everyone on request.
    const toggle = screen.getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(getComputedStyle(table.parentElement!).position).toBe('absolute');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-expanded', 'true');
    expect(getComputedStyle(table.parentElement!).position).not.toBe('absolute');
  });

  it('points to the table beside the chart when there is one', () => {
    render(
      <ChartAlternative label="Pass rate by group" kind="Line chart" tableBeside>
        <svg />
      </ChartAlternative>,
    );
    expect(screen.getByRole('img', { name: 'Line chart, Pass rate by group. The table below lists the same numbers.' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
