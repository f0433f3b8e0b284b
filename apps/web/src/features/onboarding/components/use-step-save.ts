import { useState } from 'react';
import { isApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';

/**
 * Field messages of a step: the client's own check first, then the server's answer (its `fields`
 * name the same fields; their copy comes from this feature's catalogue, never the server's English).
 */
export function useStepErrors<F extends string>(keys: Record<F, string>) {
  const { t } = useTranslation('onboarding');
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const fromServer = (error: unknown) => {
    if (isApiError(error) && error.status === 400) {
      const fields = Object.keys(error.fields).filter((f): f is F => f in keys);
      if (fields.length) {
        setErrors(Object.fromEntries(fields.map((f) => [f, String(t(keys[f] as never))])) as unknown as Partial<Record<F, string>>);
        return;
      }
    }
    toast.error(t('wizard.saveFailed'));
  };
  return { errors, setErrors, fromServer, t };
}
