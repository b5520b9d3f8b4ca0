/** The signed-in person's own account: profile page, password change, first sign-in gate. */
export { ProfilePage } from './ProfilePage';
export { PasswordChangeGate, SetNewPasswordScreen } from './PasswordChangeGate';
export { ChangePasswordForm } from './ChangePasswordForm';
export { PasswordInput } from './PasswordInput';
