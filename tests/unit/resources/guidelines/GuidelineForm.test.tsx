import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Guideline } from '../../../../src/schemas/guidelines';
import { GuidelineForm } from '../../../../src/resources/guidelines/GuidelineForm';
import { newDraft, toDraft } from '../../../../src/resources/guidelines/guidelineDraft';
import type { FieldErrors } from '../../../../src/ui/forms/fieldErrors';

type Save = (guideline: Guideline) => Promise<FieldErrors | void>;

function renderForm(initial = newDraft(), onSave: Save = vi.fn<Save>().mockResolvedValue(undefined)) {
  render(<GuidelineForm heading="Add guideline" initial={initial} onSave={onSave} onCancel={() => {}} />);
  return onSave;
}

/** Inputs are named by their path in the guideline, as the server names its errors. */
const field = (path: string) => document.getElementById(path) as HTMLInputElement;
const type = (path: string, value: string) => fireEvent.change(field(path), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save guideline' }));

describe('GuidelineForm', () => {
  it('shows the schema messages under each field, nested ones included, and saves nothing', async () => {
    const onSave = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add a question to tab 1' }));

    save();

    expect(await screen.findByText('Invalid role selected')).toBeInTheDocument();
    expect(field('content.0.title')).toHaveAccessibleDescription('Title is required');
    expect(field('content.0.description')).toHaveAccessibleDescription('Description is required');
    expect(field('content.0.faqs.0.question')).toHaveAccessibleDescription('Question is required');
    expect(field('content.0.faqs.0.answer')).toHaveAccessibleDescription('Answer is required');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('asks for at least one tab menu item', async () => {
    const onSave = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Remove tab 1' }));

    save();

    expect(await screen.findByText('Add atleast one Tab Menu item')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('follows the edits once submitted: a message goes away when the field is filled', async () => {
    renderForm(newDraft('TEACHER'));
    save();
    expect(await screen.findByText('Title is required')).toBeInTheDocument();

    type('content.0.title', 'Getting started');

    expect(screen.queryByText('Title is required')).not.toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
  });

  it('saves the guideline in the order shown, without the editor keys', async () => {
    const onSave = renderForm(
      toDraft({
        role: 'STUDENT',
        content: [
          { title: 'First', description: 'One', faqs: [] },
          { title: 'Second', description: 'Two', faqs: [{ question: 'Q?', answer: 'A.' }] },
        ],
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Move tab 2 up' }));
    save();

    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith({
      role: 'STUDENT',
      content: [
        { title: 'Second', description: 'Two', faqs: [{ question: 'Q?', answer: 'A.' }] },
        { title: 'First', description: 'One', faqs: [] },
      ],
    });
  });

  it("shows the server's errors on their fields until the field is edited", async () => {
    const onSave = vi.fn<Save>().mockResolvedValue({
      role: 'This role is already in use',
      'content.0.faqs.0.answer': 'Answer should not exceed 10000 characters',
    });
    renderForm(toDraft({ role: 'TEACHER', content: [{ title: 'T', description: 'D', faqs: [{ question: 'Q', answer: 'A' }] }] }), onSave);

    save();

    expect(await screen.findByText('This role is already in use')).toBeInTheDocument();
    expect(field('content.0.faqs.0.answer')).toHaveAccessibleDescription('Answer should not exceed 10000 characters');

    type('content.0.faqs.0.answer', 'Shorter');

    expect(field('content.0.faqs.0.answer')).not.toHaveAccessibleDescription('Answer should not exceed 10000 characters');
    expect(screen.getByText('This role is already in use')).toBeInTheDocument();
  });

  it('does not offer roles that already have a guideline', async () => {
    render(<GuidelineForm heading="Add guideline" initial={newDraft()} takenRoles={['TEACHER']} onSave={vi.fn()} onCancel={() => {}} />);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Role/ }));
    const listbox = await screen.findByRole('listbox');

    expect(within(listbox).getByRole('option', { name: /Teacher/ })).toHaveAttribute('aria-disabled', 'true');
    expect(within(listbox).getByRole('option', { name: 'Student' })).not.toHaveAttribute('aria-disabled', 'true');
  });

  it('asks before removing a tab that has content', async () => {
    renderForm(toDraft({ role: 'ADMIN', content: [{ title: 'Keep me', description: 'D', faqs: [] }] }));

    fireEvent.click(screen.getByRole('button', { name: 'Remove tab 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove tab 1?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));

    expect(field('content.0.title')).toHaveValue('Keep me');
  });
});
