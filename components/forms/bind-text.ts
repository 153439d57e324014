/** The keys of a draft whose values are plain strings (the ones a text field edits). */
type TextKeys<D> = { [K in keyof D]: D[K] extends string ? K : never }[keyof D];

/**
 * The props every text field of a draft-backed form repeats: its value, its error, the form's
 * busy state and an onChange that patches that one key. One binder per form; spread
 * `{...field("title")}` into a TextField or TextAreaField and add only what differs.
 */
export function bindText<D>(
  draft: D,
  set: (patch: Partial<D>) => void,
  { disabled, errors }: { disabled: boolean; errors?: Partial<Record<string, string>> },
) {
  return <K extends TextKeys<D> & string>(key: K) => ({
    value: draft[key] as string,
    error: errors?.[key],
    disabled,
    onChange: (event: { target: { value: string } }) =>
      set({ [key]: event.target.value } as Partial<D>),
  });
}
