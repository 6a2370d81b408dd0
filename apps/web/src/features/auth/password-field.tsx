/** The password input moved to src/lib, shared with the account settings; auth screens import it here. */
export { PasswordField } from '../../lib/password-field';
