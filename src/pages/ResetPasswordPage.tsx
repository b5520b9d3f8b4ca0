import { AccountRecoveryPlaceholder } from './AccountRecoveryPlaceholder';

export default function ResetPasswordPage() {
  return <AccountRecoveryPlaceholder title="Reset password" />;
}
