import { GoogleIcon } from './icons';
import { buttonClasses } from './forms';

export function GoogleSignInButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <button type="button" onClick={onClick} disabled={disabled} className={buttonClasses('secondary', 'w-full')}>
      <GoogleIcon className="h-5 w-5" />
      {label}
    </button>
  );
}
