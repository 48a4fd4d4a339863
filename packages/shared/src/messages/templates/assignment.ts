/** Issue 15.3 and 15.4: automatic assignment settings and WhatsApp templates. */
export const ASSIGNMENT_TEMPLATES = {
  'assignment.mode_invalid': 'Choose off, round-robin or least-loaded.',
  'assignment.number_range': 'Enter a whole number from {min} to {max}.',
  'assignment.updated': 'The assignment settings have been saved.',
  'whatsapp.name_required': 'The template name is required.',
  'whatsapp.name_too_long': 'The template name may not be greater than {max} characters.',
  'whatsapp.body_required': 'The message is required.',
  'whatsapp.body_too_long': 'The message may not be greater than {max} characters.',
  'whatsapp.locale_invalid': 'Choose English, French or Arabic.',
  'whatsapp.placeholder_unknown': 'Unknown placeholder: {name}.',
  'whatsapp.template_not_found': 'Template not found.',
  'whatsapp.template_invalid': "Choose one of the shop's templates, or none.",
  'whatsapp.phone_invalid': 'This phone number cannot be used on WhatsApp.',
  'whatsapp.template_saved': 'The template has been saved.',
  'whatsapp.template_deleted': 'The template has been deleted.',
} as const;
