import { AccountRecoveryPlaceholder } from './AccountRecoveryPlaceholder';

export default function ForgotPasswordPage() {
  return <AccountRecoveryPlaceholder title="Forgot password" />;
}
