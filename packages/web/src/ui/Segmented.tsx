// A segmented choice: a labelled group of radio buttons drawn as one row of joined buttons
// (controls.css), for a handful of exclusive choices (opponent, side, variant, clock).

/** A choice of one value from a few, under a legend. */
export function Segmented<V extends string | number>(props: {
  readonly legend: string;
  readonly name: string;
  readonly value: V;
  readonly choices: readonly { readonly value: V; readonly label: string }[];
  readonly choose: (value: V) => void;
}) {
  return (
    <fieldset class="field">
      <legend>{props.legend}</legend>
      <div class="segmented">
        {props.choices.map((c) => (
          // Keyed by the choice's name too: where one Segmented takes another's place (minutes
          // giving way to days), reusing a checked radio would carry it into the new group by
          // its new name, and the browser unchecks the new group's own choice to keep one.
          <label key={`${props.name}:${c.value}`}>
            <input
              type="radio"
              name={props.name}
              value={String(c.value)}
              checked={c.value === props.value}
              onChange={() => props.choose(c.value)}
            />
            {c.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
