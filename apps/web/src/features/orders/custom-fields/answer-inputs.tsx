import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../../../lib/server-message';
import { CustomFieldInputs } from './custom-field-inputs';
import {
  isMissingAnswer,
  type TCustomFieldAnswers,
  type TCustomFieldErrors,
  type TProductWithFields,
} from './custom-field-rules';

/**
 * The custom-field answers a dialog holds in its state (the custom fields and status dialogs): a
 * change sets that one answer; a required answer left empty says `required(label)`, any other
 * message is translated.
 */
export function AnswerInputs({
  products,
  answers,
  setAnswers,
  errors,
  required,
}: {
  products: readonly TProductWithFields[];
  answers: TCustomFieldAnswers;
  setAnswers: Dispatch<SetStateAction<TCustomFieldAnswers>>;
  errors: TCustomFieldErrors;
  required: (label: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <CustomFieldInputs
      products={products}
      values={answers}
      onChange={(productId, label, value) =>
        setAnswers((current) => ({
          ...current,
          [String(productId)]: { ...current[String(productId)], [label]: value },
        }))
      }
      errorOf={(productId, label) => {
        const message = errors[String(productId)]?.[label];
        if (!message) return undefined;
        return isMissingAnswer(message) ? required(label) : translateServerMessage(t, message);
      }}
    />
  );
}
