/**
 * Input refused at the edge (docs/decisions/0039), a shipping company's address (0037), the
 * carrier layer's own refusal, users, tenants, statuses and parcel labels.
 */
export const PLATFORM_TEMPLATES = {
  'edge.too_deep': 'The request is nested too deeply (at most {max} levels).',
  'edge.too_many_values': 'The request holds too many values (at most {max}).',
  'edge.invalid_character': 'The {name} contains an invalid character.',
  'edge.invalid_key': 'A field name contains an invalid character.',
  'edge.invalid_file_name': 'The file name contains an invalid character.',
  'edge.malformed_upload': 'The upload is incomplete or malformed.',
  // A shop past its fair share of the server (docs/decisions/0144).
  'edge.shop_busy': 'Your shop has too many requests in progress. Please try again in a moment.',
  'base_url.scheme': 'The address must start with https://.',
  'base_url.userinfo': 'The address must not contain a user name or password.',
  'base_url.query_or_fragment': 'The address must not contain "?" or "#".',
  'base_url.port': 'The address must use the standard https port.',
  'base_url.not_allowed_host': 'The address must be on {hosts}.',
  'base_url.not_public': 'The address must name a public internet host.',
  'base_url.malformed': 'The address is not a valid URL.',
  'base_url.sandbox_demo_only': 'sandbox:// addresses are for the demo shop only.',
  'carrier.unreachable': 'Could not reach {carrier}. Check its address and try again later.',
  'user.cannot_deactivate_self': 'You cannot deactivate your own account.',
  'tenant.name_taken': 'The tenant name has already been taken.',
  'tenant.email_taken': 'The email has already been taken.',
  'tenant.time_zone_invalid': 'The time zone is not valid.',
  'status.color_or_name_required': 'The color field is required when display name is not present.',
  'status.color_format': 'The color must be a hex colour such as #28C76F.',
  'status.display_name_required': 'The display name field is required.',
  'label.tracking_not_printable': 'Tracking number of order {order_number} cannot be printed as a barcode.',
} as const;
