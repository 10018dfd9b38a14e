import type { ProductDetail } from '@charms/contracts/catalog';
import { chargedCharacters, engravingCharge, engravingProblem } from '@charms/domain/engraving';
import { formatCents } from '@charms/domain/money';
import { useId, useState } from 'react';
import { EngravingPreview, EngravingSample, type FaceShape, sampleText } from './engraving-preview';

type EngravingRules = NonNullable<ProductDetail['engraving']>;

/** The engraving prices the product's answer carries (the store's current settings), for one metal. */
export const engravingPricingOf = (rules: Pick<EngravingRules, 'pricePerCharacter' | 'freeInThisMetal'>, metalId: number) => ({
  centsPerCharacter: rules.pricePerCharacter.cents,
  freeMetalIds: rules.freeInThisMetal ? [metalId] : [],
});

interface EngravingFieldProps {
  rules: EngravingRules;
  metalId: number;
  metalName: string;
  defaultText?: string;
  defaultFont?: string;
  /** The server's messages for the text and the font, from a rejected post. */
  errors?: { text?: string | undefined; font?: string | undefined };
  /** The text those messages were about. */
  submittedText?: string | undefined;
  /** The inputs' names, when a form holds several lines (the staff's phone order); the bag form's by default. */
  names?: { text: string; font: string };
  /** Draw the engraving on a blank charm of this outline as the shopper types (the product page). */
  preview?: { shape: FaceShape };
}

const DEFAULT_NAMES = { text: 'engravingText', font: 'engravingFont' };

/**
 * Engraving on the add-to-bag form: text with a live character count and price (a price per character, spaces
 * free, free on some metals: store settings, in the product's answer), the engraving drawn on the charm in the chosen font, and the fonts, each shown with the shopper's
 * own text. Empty text means no engraving; text
 * over the limit is kept and flagged with what will not fit, never cut.
 */
export function EngravingField({ rules, metalId, metalName, defaultText = '', defaultFont, errors, submittedText, names = DEFAULT_NAMES, preview }: EngravingFieldProps) {
  const id = useId();
  const [text, setText] = useState(defaultText);
  const [font, setFont] = useState(defaultFont ?? rules.fonts[0]?.id ?? '');
  const length = [...text.trim()].length;
  const charged = chargedCharacters(text);
  const price = engravingCharge(text, metalId, engravingPricingOf(rules, metalId));
  const hint = text.trim() ? engravingProblem(text, font, { maxCharacters: rules.maxCharacters, fonts: rules.fonts.map((f) => f.id) }) : null;
  // The server's message stands until the shopper changes the text; then the live check speaks.
  const textError = errors?.text && text === (submittedText ?? defaultText) ? errors.text : hint?.field === 'text' ? hint.message : undefined;
  const fontError = errors?.font;
  const ids = { text: `${id}-text`, limits: `${id}-limits`, count: `${id}-count`, error: `${id}-error`, fontError: `${id}-font-error` };

  return (
    <fieldset className="add-to-bag__engraving">
      <legend>Engraving (optional)</legend>
      <p id={ids.limits} className="add-to-bag__hint">
        Up to {rules.maxCharacters} characters: letters (accents such as é included), numbers, spaces and simple punctuation.{' '}
        {rules.freeInThisMetal ? `Free on ${metalName}.` : `${rules.pricePerCharacter.display} per character, spaces free, free setup.`}
      </p>
      {preview ? <EngravingPreview text={text} fontId={font} fontName={rules.fonts.find((f) => f.id === font)?.name ?? font} metalId={metalId} shape={preview.shape} /> : null}
      <label htmlFor={ids.text}>Text to engrave</label>
      <input
        id={ids.text}
        name={names.text}
        type="text"
        value={text}
        // No maxLength: the browser would cut a paste silently, and engraved items cannot be returned. Text over the
        // limit stays, and the live check below says what will not fit; the server refuses it until it fits.
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setText(event.currentTarget.value)}
        aria-invalid={textError ? true : undefined}
        aria-describedby={[ids.limits, ids.count, textError ? ids.error : ''].filter(Boolean).join(' ')}
      />
      <p id={ids.count} className="add-to-bag__count" aria-live="polite" data-testid="engraving-summary">
        {length} of {rules.maxCharacters} characters.{' '}
        {charged === 0 ? null : rules.freeInThisMetal ? (
          <span>Engraving: free on {metalName}.</span>
        ) : (
          <span>
            Engraving: {formatCents(price)} ({charged} × {rules.pricePerCharacter.display}).
          </span>
        )}
      </p>
      {textError ? (
        <p id={ids.error} className="field-error">
          {textError}
        </p>
      ) : null}

      <fieldset className="add-to-bag__fonts" aria-invalid={fontError ? true : undefined} aria-describedby={fontError ? ids.fontError : undefined}>
        <legend>Font</legend>
        {rules.fonts.some((option) => option.id.startsWith('monogram')) ? (
          <p className="add-to-bag__hint">Monograms take three initials: first, last (cut larger, in the middle), middle. For Ann Marie Jones: AJM.</p>
        ) : null}
        {rules.fonts.map((option) => (
          <label key={option.id} className="font-choice">
            <input type="radio" name={names.font} value={option.id} checked={font === option.id} onChange={() => setFont(option.id)} />
            <span className="font-choice__name">{option.name}</span>
            <EngravingSample text={text.trim() || sampleText(option.id)} fontId={option.id} />
          </label>
        ))}
        {fontError ? (
          <p id={ids.fontError} className="field-error">
            {fontError}
          </p>
        ) : null}
      </fieldset>
    </fieldset>
  );
}
