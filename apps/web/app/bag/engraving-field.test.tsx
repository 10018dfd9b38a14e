import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EngravingField } from './engraving-field';

const rules = (freeInThisMetal: boolean) => ({
  maxCharacters: 12,
  fonts: [
    { id: 'block', name: 'Block' },
    { id: 'script', name: 'Script' },
  ],
  pricePerCharacter: { cents: 75, display: '$0.75' },
  freeInThisMetal,
});

describe('EngravingField', () => {
  it('counts characters and prices them at $0.75 each, spaces free, as the shopper types', async () => {
    render(<EngravingField rules={rules(false)} metalId={40} metalName="Sterling Silver" />);
    await userEvent.type(screen.getByLabelText('Text to engrave'), 'Ann Lee');
    expect(screen.getByTestId('engraving-summary')).toHaveTextContent('7 of 12 characters. Engraving: $4.50 (6 × $0.75).');
  });

  it('is free on 14k gold', async () => {
    render(<EngravingField rules={rules(true)} metalId={10} metalName="14k Gold" />);
    await userEvent.type(screen.getByLabelText('Text to engrave'), 'Grace');
    expect(screen.getByTestId('engraving-summary')).toHaveTextContent('5 of 12 characters. Engraving: free on 14k Gold.');
    expect(screen.getByText(/Free on 14k Gold\./)).toBeVisible();
  });

  it('states the limit, and keeps pasted text over it, saying what will not fit instead of cutting it', async () => {
    render(<EngravingField rules={rules(false)} metalId={40} metalName="Sterling Silver" />);
    const field = screen.getByLabelText('Text to engrave');
    expect(field).toHaveAccessibleDescription(/Up to 12 characters/);
    await userEvent.click(field);
    await userEvent.paste('Love you always');
    expect(field).toHaveValue('Love you always');
    expect(screen.getByTestId('engraving-summary')).toHaveTextContent('15 of 12 characters');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/3 characters too many: “ays” will not fit/);
  });

  it('keeps typing past the limit too, and clears the warning once the text fits', async () => {
    render(<EngravingField rules={rules(false)} metalId={40} metalName="Sterling Silver" />);
    const field = screen.getByLabelText('Text to engrave');
    await userEvent.type(field, 'abcdefghijklm');
    expect(field).toHaveValue('abcdefghijklm');
    expect(field).toHaveAccessibleDescription(/1 character too many: “m” will not fit/);
    await userEvent.type(field, '{Backspace}');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(screen.getByTestId('engraving-summary')).toHaveTextContent('12 of 12 characters');
  });

  it('says at once when the text has characters the engraver cannot cut, and ties the message to the field', async () => {
    render(<EngravingField rules={rules(false)} metalId={40} metalName="Sterling Silver" />);
    const field = screen.getByLabelText('Text to engrave');
    await userEvent.type(field, 'Hi <b>');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Use letters, numbers, spaces and simple punctuation/);
  });

  it('shows the server’s message next to the field until the text changes', async () => {
    render(
      <EngravingField rules={rules(false)} metalId={40} metalName="Sterling Silver" defaultText="Grace" submittedText="Grace" errors={{ text: 'Engraving is not possible' }} />,
    );
    const field = screen.getByLabelText('Text to engrave');
    expect(field).toHaveValue('Grace');
    expect(field).toHaveAccessibleDescription(/Engraving is not possible/);
    await userEvent.type(field, 's');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('previews every font with the shopper’s text', async () => {
    render(<EngravingField rules={rules(false)} metalId={40} metalName="Sterling Silver" />);
    expect(screen.getByRole('radio', { name: /Block/ })).toBeChecked();
    await userEvent.type(screen.getByLabelText('Text to engrave'), 'Mia');
    expect(document.querySelector('.engraving-preview--script')).toHaveTextContent('Mia');
    await userEvent.click(screen.getByRole('radio', { name: /Script/ }));
    expect(screen.getByRole('radio', { name: /Script/ })).toBeChecked();
  });
});
