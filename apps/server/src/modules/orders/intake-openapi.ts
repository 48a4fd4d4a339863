import { englishOf, m, ORDER_MESSAGES } from '@cod/shared';
import { AppError } from '../../lib/app-error.js';
import { INTAKE_MESSAGES } from './receive-intake-order.js';

/**
 * The intake API's OpenAPI 3.1 document (issue 4.9), written by hand so every sentence is the one
 * the API answers. Served as JSON at /api/docs/openapi.json and as a page at /api/docs.
 */
const id = (description: string) => ({ type: 'integer', minimum: 1, description });
const phone = (description: string) => ({
  type: 'string',
  description: `${description} Any common Algerian spelling (+213 555 12 34 56, 0555-12-34-56, Arabic digits); stored as 0XXXXXXXXX.`,
  example: '0555123456',
});
const error = (description: string, example: object) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example } },
});

export const INTAKE_OPENAPI = {
  openapi: '3.1.0',
  info: {
    title: 'Order intake API',
    version: '1.0.0',
    description:
      'Sends orders from a sales channel (a shop website, a landing page, a form tool) into the back-office. ' +
      "Each sales channel has its own intake key (Sales channels screen: create or rotate shows it once). Orders arrive in the shop's " +
      "first status of type 'new', unassigned, in the inProcess tab, and are validated exactly like the order dialog.",
  },
  servers: [{ url: '/' }],
  security: [{ intakeKey: [] }, { bearer: [] }],
  paths: {
    '/api/orders': {
      post: {
        summary: 'Create an order',
        operationId: 'createOrder',
        parameters: [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description:
              'Any unique string per order (1-255 visible ASCII characters), e.g. your own order id. Retrying with the same key ' +
              'and the same body never creates a second order: every retry answers the same 201 body, with the header ' +
              'Idempotent-Replayed: true. The same key with a different body is refused (409). Strongly recommended.',
            schema: { type: 'string', maxLength: 255 },
            example: 'site-order-48213',
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/OrderInput' },
              example: {
                customer_full_name: 'Karim Benali',
                customer_phone_1: '0555 12 34 56',
                state_id: 16,
                city_id: 554,
                customer_address: 'Cité 200 logements, bloc B',
                is_stopdesk: false,
                delivery_price: 600,
                products: [{ product_id: 12, variant_id: 31, quantity: 2 }],
                customer_custom_fields: [{ product_id: 12, field_values: { Engraving: 'K.B.' } }],
                sales_source: 'facebook',
                campaign_id: 'summer-2026',
                source_metadata: { utm_source: 'facebook', ad_id: '2385' },
              },
            },
          },
        },
        responses: {
          201: {
            description: 'Created (or, for a retried Idempotency-Key, the answer of the first request).',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id', 'order_number'],
                  properties: { id: { type: 'integer' }, order_number: { type: 'integer' } },
                },
                example: { id: 5012, order_number: 1843 },
              },
            },
          },
          401: error(
            'No intake key, or a key that was rotated or revoked, or whose channel is inactive.',
            new AppError('unauthenticated', INTAKE_MESSAGES.keyInvalid).toBody(),
          ),
          409: error(
            'The Idempotency-Key was used before with another body.',
            new AppError('conflict', INTAKE_MESSAGES.idempotencyKeyReused).toBody(),
          ),
          422: error(
            'Validation failed; errors are listed per field (products.0.variant_id, ...).',
            AppError.validation({
              'products.0.variant_id': [ORDER_MESSAGES.variantRequired],
              'customer_custom_fields.12.Engraving': [
                m('order.custom_field_required', { product: 'Pen', label: 'Engraving' }),
              ],
            }).toBody(),
          ),
        },
      },
    },
  },
  components: {
    securitySchemes: {
      intakeKey: { type: 'apiKey', in: 'header', name: 'X-Intake-Key' },
      bearer: {
        type: 'http',
        scheme: 'bearer',
        description: 'The same intake key as Authorization: Bearer cod_in_...',
      },
    },
    schemas: {
      Error: {
        type: 'object',
        required: ['message'],
        properties: {
          message: { type: 'string', description: 'The English sentence.' },
          code: {
            type: 'string',
            description: "The message's stable code (order.variant_required), or the kind of error (validation).",
          },
          params: { type: 'object', description: 'The values the message names, by name.' },
          errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          error_codes: {
            type: 'object',
            description: 'The code and params of each message of errors, in the same order.',
            additionalProperties: {
              type: 'array',
              items: { type: 'object', properties: { code: { type: 'string' }, params: { type: 'object' } } },
            },
          },
        },
      },
      OrderLine: {
        type: 'object',
        required: ['product_id'],
        properties: {
          product_id: id(`Product id (products screen). Missing: "${englishOf(ORDER_MESSAGES.productRequired)}".`),
          variant_id: {
            ...id(`Required when the product has variants ("${englishOf(ORDER_MESSAGES.variantRequired)}").`),
            type: ['integer', 'null'],
          },
          quantity: {
            type: 'integer',
            minimum: 1,
            default: 1,
            description: englishOf(ORDER_MESSAGES.quantityPositive),
          },
          price: {
            type: ['number', 'null'],
            minimum: 0,
            description:
              'Unit selling price in DZD (2 decimals). Left out: the catalogue price of the product or variant.',
          },
        },
      },
      OrderInput: {
        type: 'object',
        required: ['customer_full_name', 'customer_phone_1', 'state_id', 'city_id', 'products'],
        properties: {
          customer_full_name: { type: 'string', maxLength: 190 },
          customer_phone_1: phone('Main phone.'),
          customer_phone_2: { ...phone('Second phone (optional).'), type: ['string', 'null'] },
          state_id: { type: 'integer', minimum: 1, maximum: 58, description: 'Wilaya code (16 = Alger).' },
          city_id: id('Commune id of that wilaya: GET /dashboard/cities/state/{state_id}. Must belong to the wilaya.'),
          customer_address: { type: ['string', 'null'], maxLength: 500 },
          is_stopdesk: { type: 'boolean', default: false, description: 'Delivery to a stop-desk centre.' },
          stopdesk_id: {
            type: ['integer', 'null'],
            description:
              "center_id from /yalidine_centers.json; required with is_stopdesk when the wilaya has centres (matched by the wilaya's name).",
          },
          note: { type: ['string', 'null'], maxLength: 2000 },
          free_delivery: { type: 'boolean', default: false },
          delivery_price: {
            type: 'number',
            minimum: 0,
            default: 0,
            description: 'DZD; not added to the total with free_delivery.',
          },
          shipping_company_id: { type: ['integer', 'null'] },
          products: { type: 'array', minItems: 1, maxItems: 50, items: { $ref: '#/components/schemas/OrderLine' } },
          customer_custom_fields: {
            type: 'array',
            description:
              "Answers to the products' custom fields, keyed by label. Required ones must be filled ('{product}: {label} is required'; a checkbox counts as filled).",
            items: {
              type: 'object',
              required: ['product_id', 'field_values'],
              properties: {
                product_id: { type: 'integer' },
                field_values: {
                  type: 'object',
                  additionalProperties: { type: ['string', 'number', 'boolean', 'null'] },
                },
              },
            },
          },
          sales_source: {
            type: ['string', 'null'],
            maxLength: 50,
            description:
              "facebook, tiktok, instagram, google, meta (shown with icons) or any other word; default the channel's source type.",
          },
          campaign_id: { type: ['string', 'null'], maxLength: 190 },
          source_metadata: {
            type: ['object', 'null'],
            description: 'Free JSON object kept with the order (8 KB at most).',
          },
        },
      },
    },
  },
} as const;

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A plain page (no script: the CSP forbids inline and remote scripts) generated from the document. */
export function intakeDocsPage(): string {
  const op = INTAKE_OPENAPI.paths['/api/orders'].post;
  const fields = Object.entries(INTAKE_OPENAPI.components.schemas.OrderInput.properties)
    .map(([name, schema]) => {
      const required = (INTAKE_OPENAPI.components.schemas.OrderInput.required as readonly string[]).includes(name);
      const description = 'description' in schema ? schema.description : '';
      return `<tr><td><code>${name}</code>${required ? ' *' : ''}</td><td>${escape(JSON.stringify(schema.type))}</td><td>${escape(description ?? '')}</td></tr>`;
    })
    .join('');
  const responses = Object.entries(op.responses)
    .map(
      ([code, r]) =>
        `<li><b>${code}</b> ${escape(r.description)}<pre>${escape(JSON.stringify(r.content['application/json'].example, null, 2))}</pre></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${INTAKE_OPENAPI.info.title}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#222}
code,pre{background:#f4f4f6;border-radius:4px;padding:.1rem .3rem}pre{padding:.6rem;overflow:auto}
table{border-collapse:collapse;width:100%}td{border-block-end:1px solid #ddd;padding:.35rem;vertical-align:top}</style></head>
<body><h1>${INTAKE_OPENAPI.info.title}</h1><p>${escape(INTAKE_OPENAPI.info.description)}</p>
<p>Machine-readable: <a href="/api/docs/openapi.json">openapi.json</a> (OpenAPI 3.1).</p>
<h2>POST /api/orders</h2>
<p>Headers: <code>X-Intake-Key: cod_in_…</code> (or <code>Authorization: Bearer cod_in_…</code>), <code>Content-Type: application/json</code>,
<code>Idempotency-Key</code>: ${escape(op.parameters[0].description)}</p>
<h3>Body</h3><table>${fields}</table><p>* required</p>
<h3>Example</h3><pre>${escape(JSON.stringify(op.requestBody.content['application/json'].example, null, 2))}</pre>
<h3>Answers</h3><ul>${responses}</ul></body></html>`;
}
