/**
 * The trap for bots: a text field people never see, that assistive technology skips and browsers do
 * not fill. A submission with it filled is thanked and dropped. (Its own module: the footer's sign-up form
 * uses it on every page, which must not load the form library the contact and careers forms use.)
 */
export function Honeypot({ formId }: { formId: string }) {
  return (
    <div className="form-honeypot" aria-hidden="true">
      <label htmlFor={`${formId}-honeypot`}>Leave this field empty</label>
      <input id={`${formId}-honeypot`} type="text" name="honeypot" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
