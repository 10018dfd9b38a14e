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

  it('draws the text on the charm in the chosen font as the shopper types, a sample before', async () => {
    render(<EngravingField rules={rules(true)} metalId={10} metalName="14k Gold" preview={{ shape: 'heart' }} />);
    expect(screen.getByRole('img', { name: 'Block, shown with the sample “Grace”' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Text to engrave'), 'Love');
    await userEvent.click(screen.getByRole('radio', { name: /Script/ }));
    const charm = screen.getByRole('img', { name: 'Preview: “Love” engraved in Script' });
    const cut = charm.querySelector('.engraving-charm__text');
    expect(cut).toHaveClass('engraving-preview--script');
    expect(cut?.querySelectorAll('text')[0]).toHaveTextContent('Love');
  });

  it('draws each font’s sample as one unbreakable SVG line, so no font wraps mid-word on a narrow screen', async () => {
    render(<EngravingField rules={{ ...rules(false), maxCharacters: 30, fonts: [{ id: 'double-block', name: 'Double Block' }] }} metalId={40} metalName="Sterling Silver" />);
    await userEvent.type(screen.getByLabelText('Text to engrave'), 'Happy Anniversary');
    const sample = document.querySelector('.font-choice__preview');
    expect(sample?.tagName.toLowerCase()).toBe('svg');
    const lines = [...sample!.querySelectorAll('text')].map((line) => line.textContent);
    expect(lines).toEqual(['Happy Anniversary']);
    expect(sample!.querySelector('.engraving-preview--double-block')).not.toBeNull();
  });

  it('cuts a monogram’s three initials with the middle one larger', async () => {
    const monogram = { ...rules(false), fonts: [{ id: 'monogram-block', name: 'Monogram Block' }] };
    render(<EngravingField rules={monogram} metalId={40} metalName="Sterling Silver" preview={{ shape: 'disc' }} />);
    await userEvent.type(screen.getByLabelText('Text to engrave'), 'AJM');
    const letters = [...screen.getByRole('img', { name: /AJM/ }).querySelectorAll('.engraving-charm__text > text')];
    expect(letters.map((letter) => letter.textContent)).toEqual(['A', 'J', 'M']);
    const sizes = letters.map((letter) => Number(letter.getAttribute('font-size')));
    expect(sizes[1]).toBeGreaterThan(sizes[0]!);
    expect(sizes[0]).toBe(sizes[2]);
  });
});
