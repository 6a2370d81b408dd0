/** The labelled input moved to src/lib, shared with the account settings; auth screens import it here. */
export { FormField, type FormFieldProps } from '../../lib/form-field';
