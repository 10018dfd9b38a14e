import { menuPictureUrl } from '@charms/art/menu-pictures';
import { CHARM_SHAPES } from '@charms/art/shape-names';
import { METALS } from '@charms/domain/metals';
import { useState } from 'react';

/**
 * The menu picture's chooser: a metal, then one of the drawn charms shown in it (radio buttons with the pictures as
 * their labels), or none. Without JavaScript the pictures show the stored metal until the form is saved; with it,
 * they follow the metal chosen.
 */
export function MenuPictureChooser({ metal, shape, error, disabled = false }: { metal: string; shape: string; error?: string | undefined; disabled?: boolean }) {
  const [shownMetal, setShownMetal] = useState(metal);
  const errorId = error ? 'menu-picture-error' : undefined;
  return (
    <fieldset className="admin-fieldset admin-form__wide picture-chooser" aria-describedby={errorId} disabled={disabled}>
      <legend>Menu picture</legend>
      <p className="admin-muted">Shown beside the category in the menu and on the Charm categories page.</p>
      <div className="admin-field picture-chooser__metal">
        <label htmlFor="picture-metal">Metal</label>
        <select id="picture-metal" name="pictureMetal" defaultValue={metal} onChange={(event) => setShownMetal(event.currentTarget.value)}>
          {METALS.map((one) => (
            <option key={one.slug} value={one.slug}>
              {one.name}
            </option>
          ))}
        </select>
      </div>
      <div className="picture-chooser__grid" role="radiogroup" aria-label="Charm">
        <label className="picture-chooser__option picture-chooser__none">
          <input type="radio" name="pictureShape" value="" defaultChecked={shape === ''} aria-invalid={error ? true : undefined} />
          <span className="picture-chooser__tile">None</span>
        </label>
        {CHARM_SHAPES.map((one) => (
          <label key={one} className="picture-chooser__option" title={one}>
            <input type="radio" name="pictureShape" value={one} defaultChecked={shape === one} />
            <img className="picture-chooser__tile" src={menuPictureUrl({ metal: shownMetal, shape: one })} alt={one} width={56} height={56} loading="lazy" decoding="async" />
          </label>
        ))}
      </div>
      {error ? (
        <span className="admin-field__error" id={errorId}>
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
