/** Query-key factories, one per resource (ARCHITECTURE 3.10). */
export const pagePropsKeys = {
  all: ['page-props'] as const,
};

type TParams = object;

/** Products: the catalogue list, one product, and the lighter pickers other screens use. */
export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (params: TParams) => [...productKeys.lists(), params] as const,
  detail: (id: number) => [...productKeys.all, 'detail', id] as const,
};

/** Stock levels (the product list seen from the warehouse) and the movements history. */
export const stockKeys = {
  all: ['stock'] as const,
  levels: (params: TParams) => [...stockKeys.all, 'levels', params] as const,
  allMovements: () => [...stockKeys.all, 'movements'] as const,
  movements: (params: TParams) => [...stockKeys.allMovements(), params] as const,
};

export const providerKeys = {
  all: ['providers'] as const,
  list: (params: TParams) => [...providerKeys.all, 'list', params] as const,
  detail: (id: number) => [...providerKeys.all, 'detail', id] as const,
  purchases: (id: number, params: TParams) => [...providerKeys.all, 'purchases', id, params] as const,
};

/** Customers are addressed by their normalised phone (issue 3.6). */
export const customerKeys = {
  all: ['customers'] as const,
  list: (params: TParams) => [...customerKeys.all, 'list', params] as const,
  detail: (phone: string) => [...customerKeys.all, 'detail', phone] as const,
  history: (phone: string) => [...customerKeys.all, 'history', phone] as const,
};

/** Shipping companies (issue 6): the list, the carrier presets, and one company's fees and stop desks. */
export const shippingCompanyKeys = {
  all: ['shipping-companies'] as const,
  list: () => [...shippingCompanyKeys.all, 'list'] as const,
  presets: () => [...shippingCompanyKeys.all, 'presets'] as const,
  fees: (id: number) => [...shippingCompanyKeys.all, 'fees', id] as const,
  stopDesks: (id: number) => [...shippingCompanyKeys.all, 'stop-desks', id] as const,
};

export const salesChannelKeys = {
  all: ['sales-channels'] as const,
  list: (params: TParams) => [...salesChannelKeys.all, 'list', params] as const,
};

export const productPermissionKeys = {
  all: ['user-product-permissions'] as const,
  list: (params: TParams) => [...productPermissionKeys.all, 'list', params] as const,
  detail: (userId: number) => [...productPermissionKeys.all, 'detail', userId] as const,
};

/**
 * Orders (issue 4): the list (one entry per URL state, rows and tab counts together), one order,
 * its history, the dialog's phone check, and the reference lists the screen's filters and form use.
 */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (params: TParams) => [...orderKeys.lists(), params] as const,
  detail: (id: number) => [...orderKeys.all, 'detail', id] as const,
  timeline: (id: number) => [...orderKeys.all, 'timeline', id] as const,
  phoneCheck: (phone: string, excludeId: number | null) => [...orderKeys.all, 'phone-check', phone, excludeId] as const,
  productOptions: (params: TParams) => [...orderKeys.all, 'product-options', params] as const,
  deliveryFee: (params: TParams) => [...orderKeys.all, 'delivery-fee', params] as const,
  /** The answers of the customer's earlier orders, which pre-fill the custom fields dialog. */
  customerCustomFields: (phone: string) => [...orderKeys.all, 'customer-custom-fields', phone] as const,
};

/** Lists that rarely change and that several screens read (SPEC 3: from the server). */
export const referenceKeys = {
  states: ['reference', 'states'] as const,
  cities: (stateId: number) => ['reference', 'cities', stateId] as const,
  centres: ['reference', 'stopdesk-centres'] as const,
  statuses: ['reference', 'statuses'] as const,
  agents: ['reference', 'agents'] as const,
  shippingCompanies: ['reference', 'shipping-companies'] as const,
};
