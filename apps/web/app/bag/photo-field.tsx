import { useEffect, useId, useRef, useState } from 'react';
import { PHOTO_ACCEPT, photoProblem } from './photo-check';

interface PhotoFieldProps {
  label: string;
  /** The server's refusal of the last file sent, shown under the field. */
  error?: string | undefined;
  /** Shown under the label: what to choose, and the email alternative. */
  hint: React.ReactNode;
}

/**
 * A file field for a PhotoArt photo. Without JavaScript it is a plain file input posted with its form. With it, the
 * chosen photo is shown before it is sent (a local object URL, never uploaded until the form is), and a file the shop
 * would refuse (HEIC, SVG, another kind of file, more than 20 MB, or one the browser cannot show) is said at once and
 * taken off the field, so the form never sends it.
 */
export function PhotoField({ label, error, hint }: PhotoFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const refuse = (message: string) => {
    setProblem(message);
    setPreview(null);
    if (input.current) input.current.value = '';
  };
  const shown = problem ?? error;
  return (
    <div className="field photo-field">
      <label htmlFor={id}>{label}</label>
      <p className="photo-field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      <input
        ref={input}
        id={id}
        name="photo"
        type="file"
        accept={PHOTO_ACCEPT}
        aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
        aria-invalid={shown ? true : undefined}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (!file) return refuse('');
          const found = photoProblem(file);
          if (found) return refuse(found);
          setProblem(null);
          setPreview(URL.createObjectURL(file));
        }}
      />
      {shown ? (
        <p id={`${id}-error`} className="field-error">
          {shown}
        </p>
      ) : null}
      {preview ? (
        <img
          src={preview}
          alt="Your photo, as chosen"
          className="photo-field__preview"
          onError={() => refuse('This file cannot be shown as a photo: it may be damaged or not a photo at all. Choose a JPEG, PNG or WebP photo.')}
        />
      ) : null}
    </div>
  );
}
