import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import { ThemeProvider } from '@mui/material/styles';
import { appDarkTheme, appLightTheme } from '../../../src/ui/theme';

describe("the portal's themes name what MUI leaves unnamed", () => {
  it.each([
    ['light', appLightTheme],
    ['dark', appDarkTheme],
  ])('%s: a checkbox named by aria-label carries the name on its input; a spinner is "Loading"', (_mode, theme) => {
    const { container } = render(
      <ThemeProvider theme={theme}>
        <Checkbox aria-label="Select this row" className="select-item" />
        <CircularProgress />
      </ThemeProvider>,
    );
    expect(screen.getByRole('checkbox', { name: 'Select this row' }).tagName).toBe('INPUT');
    expect(container.querySelector('span.select-item')).not.toHaveAttribute('aria-label');
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
  });

  it("keeps a checkbox's own inputProps and slotProps", () => {
    render(
      <ThemeProvider theme={appLightTheme}>
        <Checkbox inputProps={{ 'aria-label': 'Question 3 in the paper' }} />
        <Checkbox slotProps={{ input: { 'aria-label': 'Question 4 in the paper' } }} />
      </ThemeProvider>,
    );
    expect(screen.getByRole('checkbox', { name: 'Question 3 in the paper' }).tagName).toBe('INPUT');
    expect(screen.getByRole('checkbox', { name: 'Question 4 in the paper' }).tagName).toBe('INPUT');
  });

  it('keeps a checkbox named by its label as it was', () => {
    render(
      <ThemeProvider theme={appLightTheme}>
        <label>
          <Checkbox /> Published
        </label>
      </ThemeProvider>,
    );
    expect(screen.getByRole('checkbox', { name: 'Published' })).not.toHaveAttribute('aria-label');
  });
});
