import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { markdownToHtml } from 'satteri';
import sharp from 'sharp';

/**
 * A local HTTP server that answers like DatoCMS, for what this project uses, with the shapes of
 * DatoCMS's documentation:
 *
 * - the Content Management API (JSON:API, under /cma): environments (list, fork as a job, promote,
 *   destroy), maintenance mode, models and fields, records (list with `filter[type]` and
 *   `page[limit]/page[offset]`, create, update, publish, unpublish, destroy), upload requests with
 *   the file PUT to the returned address, uploads (created as a job, found by md5), job results,
 *   webhooks, site. The real `@datocms/cma-client-node` talks to it unchanged.
 * - the GraphQL Content Delivery API (POST /graphql): `allX(first, skip, orderBy)` (first at most 100),
 *   `_allXMeta { count }`, one record by `filter: { slug: { eq } }`, uploads with `url alt width height`
 *   and `responsiveImage(imgixParams: { w })`. Published versions only, unless `X-Include-Drafts: true`
 *   with a token allowed to see drafts; `X-Environment` chooses the environment.
 * - the image CDN (GET /assets/…): the uploaded file, whatever the imgix parameters.
 *
 * It is not a GraphQL engine: it recognises the queries by their top-level field and answers the
 * fields of src/cms/queries.ts. Everything it was asked is in `requests`.
 */

type Json = Record<string, unknown>;

interface FieldRow {
  id: string;
  itemTypeId: string;
  attributes: Json;
}
interface ItemTypeRow {
  id: string;
  attributes: Json;
  titleFieldId: string | null;
}
interface ItemRow {
  id: string;
  itemTypeId: string;
  current: Json;
  published: Json | null;
  position: number;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
}
interface EnvironmentState {
  id: string;
  primary: boolean;
  forkedFrom: string | null;
  itemTypes: ItemTypeRow[];
  fields: FieldRow[];
  items: ItemRow[];
}
interface UploadRow {
  id: string;
  path: string;
  filename: string;
  md5: string;
  size: number;
  width: number | null;
  height: number | null;
  format: string;
  mime: string;
  base64: string | null;
  alt: string | null;
}

export interface DatoRequest {
  api: 'cma' | 'graphql' | 'assets' | 's3';
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface FakeDatoCms {
  /** Give it to DATOCMS_BASE_URL. */
  base: string;
  cmaUrl: string;
  graphqlUrl: string;
  /** Full access (CMA), published reads and draft reads. */
  tokens: { cma: string; read: string; preview: string };
  requests: DatoRequest[];
  /** The next `count` GraphQL requests answer this instead. */
  failGraphql(count: number, answer: { status: number; body: string }): void;
  environment(id?: string): EnvironmentState;
  maintenanceMode(): boolean;
  webhooks(): Json[];
  /** The CMA's writes (POST, PUT, DELETE) recorded since `from`. */
  writesSince(from: number): DatoRequest[];
  close(): Promise<void>;
}

const PRIMARY = 'main';
const now = () => new Date().toISOString();
const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** DatoCMS's GraphQL names: blog_post → blogPost / allBlogPosts / _allBlogPostsMeta. */
const PLURALS: Record<string, string> = {
  blog_post: 'BlogPosts',
  showcase_picture: 'ShowcasePictures',
  faq_entry: 'FaqEntries',
  partner: 'Partners',
  site_fact: 'SiteFacts',
};

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function apiError(code: string, details: Json = {}) {
  return { data: [{ id: randomBytes(4).toString('hex'), type: 'api_error', attributes: { code, details } }] };
}

/**
 * The webhook triggers DatoCMS offers (its webhooks documentation: records are created, updated,
 * deleted, published, unpublished; models created, updated, deleted; uploads created, updated,
 * deleted; environments created, updated, promoted, deleted; build triggers' deploys). A webhook
 * asking for anything else is refused as DatoCMS refuses an invalid field.
 */
const WEBHOOK_TRIGGERS: Record<string, string[]> = {
  item: ['create', 'update', 'delete', 'publish', 'unpublish'],
  item_type: ['create', 'update', 'delete'],
  upload: ['create', 'update', 'delete'],
  environment: ['create', 'update', 'promote', 'delete'],
  build_trigger: ['deploy_started', 'deploy_succeeded', 'deploy_failed'],
};
function invalidWebhookEvents(events: unknown): string | null {
  if (!Array.isArray(events) || !events.length) return 'events';
  for (const e of events as Array<{ entity_type?: string; event_types?: string[] }>) {
    const allowed = WEBHOOK_TRIGGERS[e.entity_type ?? ''];
    if (!allowed || !Array.isArray(e.event_types) || !e.event_types.length) return 'events';
    if (e.event_types.some((t) => !allowed.includes(t))) return 'events';
  }
  return null;
}

export interface FakeDatoCmsOptions {
  /**
   * Where the uploads' URLs say the pictures are. By default this server's own /assets/; a test of
   * what a browser may load gives DatoCMS's real image CDN (`https://www.datocms-assets.com`) and maps
   * that host onto `<base>/assets` itself (tests/helpers/datocms-assets.ts).
   */
  assetsOrigin?: string;
}

export async function startFakeDatoCms(options: FakeDatoCmsOptions = {}): Promise<FakeDatoCms> {
  const tokens = {
    cma: `cma-${randomBytes(6).toString('hex')}`,
    read: `read-${randomBytes(6).toString('hex')}`,
    preview: `preview-${randomBytes(6).toString('hex')}`,
  };
  const requests: DatoRequest[] = [];
  let nextId = 1000;
  const id = () => String(nextId++);
  const environments = new Map<string, EnvironmentState>([
    [PRIMARY, { id: PRIMARY, primary: true, forkedFrom: null, itemTypes: [], fields: [], items: [] }],
  ]);
  const uploads: UploadRow[] = [];
  const files = new Map<string, { bytes: Buffer; mime: string }>();
  const jobs = new Map<string, { status: number; payload: unknown }>();
  const webhooks: Array<{ id: string; attributes: Json }> = [];
  let maintenance = false;
  let graphqlFailures: { count: number; answer: { status: number; body: string } } | null = null;
  let base = '';
  const assetUrl = (path: string) => `${options.assetsOrigin ?? `${base}/assets`}${path}`;

  const primary = () => [...environments.values()].find((e) => e.primary)!;
  const environmentOf = (req: IncomingMessage) => {
    const wanted = req.headers['x-environment'] as string | undefined;
    return wanted ? environments.get(wanted) : primary();
  };

  // --- JSON:API resources ----------------------------------------------------------------------------
  const envResource = (e: EnvironmentState) => ({
    id: e.id,
    type: 'environment',
    meta: {
      status: 'ready',
      read_only_mode: false,
      created_at: now(),
      last_data_change_at: now(),
      primary: e.primary,
      forked_from: e.forkedFrom,
    },
  });
  const itemTypeResource = (env: EnvironmentState, t: ItemTypeRow) => ({
    id: t.id,
    type: 'item_type',
    attributes: {
      all_locales_required: true,
      modular_block: false,
      draft_saving_active: false,
      tree: false,
      ordering_direction: null,
      ordering_meta: null,
      collection_appearance: 'compact',
      inverse_relationships_enabled: false,
      hint: null,
      ...t.attributes,
    },
    relationships: {
      fields: { data: env.fields.filter((f) => f.itemTypeId === t.id).map((f) => ({ type: 'field', id: f.id })) },
      fieldsets: { data: [] },
      singleton_item: { data: null },
      ordering_field: { data: null },
      presentation_title_field: { data: null },
      presentation_image_field: { data: null },
      image_preview_field: { data: null },
      excerpt_field: { data: null },
      workflow: { data: null },
      title_field: { data: t.titleFieldId ? { type: 'field', id: t.titleFieldId } : null },
    },
    meta: { has_singleton_item: false },
  });
  const fieldResource = (f: FieldRow) => ({
    id: f.id,
    type: 'field',
    attributes: { localized: false, hint: null, default_value: null, deep_filtering_enabled: false, ...f.attributes },
    relationships: { item_type: { data: { type: 'item_type', id: f.itemTypeId } }, fieldset: { data: null } },
  });
  const status = (i: ItemRow) =>
    !i.published ? 'draft' : JSON.stringify(i.published) === JSON.stringify(i.current) ? 'published' : 'updated';
  const itemResource = (i: ItemRow) => ({
    id: i.id,
    type: 'item',
    attributes: { ...i.current },
    relationships: {
      item_type: { data: { type: 'item_type', id: i.itemTypeId } },
      creator: { data: { type: 'account', id: '1' } },
    },
    meta: {
      created_at: i.createdAt,
      updated_at: i.updatedAt,
      published_at: i.publishedAt,
      first_published_at: i.publishedAt,
      publication_scheduled_at: null,
      unpublishing_scheduled_at: null,
      status: status(i),
      is_current_version_valid: true,
      is_published_version_valid: true,
      current_version: `v${i.id}-${i.updatedAt}`,
      stage: null,
      has_children: null,
      is_valid: true,
    },
  });
  const uploadResource = (u: UploadRow) => ({
    id: u.id,
    type: 'upload',
    attributes: {
      size: u.size,
      width: u.width,
      height: u.height,
      path: u.path,
      basename: u.filename.replace(/\.[^.]+$/, ''),
      filename: u.filename,
      url: assetUrl(u.path),
      format: u.format,
      author: null,
      copyright: null,
      notes: null,
      md5: u.md5,
      duration: null,
      frame_rate: null,
      blurhash: null,
      thumbhash: null,
      mux_playback_id: null,
      mux_mp4_highest_res: null,
      default_field_metadata: { en: { alt: u.alt, title: null, custom_data: {}, focal_point: null } },
      is_image: u.width !== null,
      created_at: now(),
      updated_at: now(),
      mime_type: u.mime,
      tags: [],
      smart_tags: [],
      exif_info: {},
      colors: [],
    },
    relationships: { upload_collection: { data: null }, creator: { data: { type: 'account', id: '1' } } },
  });
  const webhookResource = (w: { id: string; attributes: Json }) => ({
    id: w.id,
    type: 'webhook',
    attributes: { payload_api_version: '3', nested_items_in_payload: false, auto_retry: true, ...w.attributes },
  });
  const job = (status: number, payload: unknown) => {
    const jobId = id();
    jobs.set(jobId, { status, payload });
    return { data: { type: 'job', id: jobId } };
  };

  // --- Records -------------------------------------------------------------------------------------------
  function validateItem(env: EnvironmentState, itemTypeId: string, values: Json, selfId?: string): Json | null {
    const fields = env.fields.filter((f) => f.itemTypeId === itemTypeId);
    for (const key of Object.keys(values)) {
      if (!fields.some((f) => f.attributes.api_key === key))
        return apiError('INVALID_FIELD', {
          field: key,
          code: 'INVALID_ATTRIBUTE',
          message: `No field ${key} in this model`,
        });
    }
    for (const f of fields) {
      const validators = (f.attributes.validators ?? {}) as Json;
      const value = values[f.attributes.api_key as string];
      if ('required' in validators && (value === undefined || value === null || value === '')) {
        return apiError('INVALID_FIELD', { field: f.attributes.api_key, code: 'VALIDATION_REQUIRED' });
      }
      if ('unique' in validators && value !== undefined) {
        const taken = env.items.some(
          (i) => i.itemTypeId === itemTypeId && i.current[f.attributes.api_key as string] === value && i.id !== selfId,
        );
        if (taken) return apiError('INVALID_FIELD', { field: f.attributes.api_key, code: 'VALIDATION_UNIQUE' });
      }
    }
    return null;
  }

  // --- GraphQL ---------------------------------------------------------------------------------------------
  function graphqlUpload(value: unknown, params: { w: number }): Json | null {
    if (!value || typeof value !== 'object') return null;
    const field = value as { upload_id: string; alt?: string | null };
    const upload = uploads.find((u) => u.id === field.upload_id);
    if (!upload) return null;
    const url = assetUrl(upload.path);
    const responsive =
      upload.width && upload.height
        ? (() => {
            const width = Math.min(params.w, upload.width!);
            const height = Math.round((upload.height! * width) / upload.width!);
            const at = (w: number) => `${url}?auto=format&fit=max&fm=webp&w=${w}`;
            const widths = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4]
              .map((m) => Math.round(params.w * m))
              .filter((w) => w <= upload.width!);
            return {
              src: at(width),
              srcSet: widths.map((w) => `${at(w)} ${w}w`).join(','),
              width,
              height,
              base64: upload.base64,
            };
          })()
        : null;
    return {
      url,
      alt: field.alt ?? upload.alt,
      width: upload.width,
      height: upload.height,
      responsiveImage: responsive,
    };
  }

  function graphqlRecord(
    env: EnvironmentState,
    item: ItemRow,
    values: Json,
    params: { w: number; query: string },
  ): Json {
    const fields = env.fields.filter((f) => f.itemTypeId === item.itemTypeId);
    const record: Json = { id: item.id, _status: status(item) };
    for (const f of fields) {
      const key = f.attributes.api_key as string;
      const value = values[key] ?? null;
      if (f.attributes.field_type === 'file') record[camel(key)] = graphqlUpload(value, params);
      else if (f.attributes.field_type === 'seo')
        record[camel(key)] = value
          ? Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [camel(k), v]))
          : null;
      else record[camel(key)] = value;
      // `alias: text(markdown: true)`: the text field rendered to HTML.
      const alias = new RegExp(`(\\w+):\\s*${camel(key)}\\(markdown:\\s*true\\)`).exec(params.query);
      if (alias && typeof value === 'string') record[alias[1]!] = markdownToHtml(value).html;
    }
    return record;
  }

  function answerGraphql(req: IncomingMessage, raw: string): { status: number; body: unknown } {
    const auth = req.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (![tokens.read, tokens.preview].includes(token))
      return { status: 401, body: apiError('INVALID_AUTHORIZATION_HEADER') };
    const drafts = req.headers['x-include-drafts'];
    if (drafts !== undefined && drafts !== 'true')
      return {
        status: 422,
        body: apiError('INVALID_X_INCLUDE_DRAFTS_HEADER', {
          message: 'X-Include-Drafts header can only be set to `true`',
        }),
      };
    if (drafts === 'true' && token !== tokens.preview)
      return {
        status: 401,
        body: apiError('INSUFFICIENT_PERMISSIONS', { message: 'This token cannot access drafts' }),
      };
    const env = environmentOf(req);
    if (!env) return { status: 404, body: apiError('NOT_FOUND', { message: 'Unknown environment' }) };
    let request: { query?: string; variables?: Json; operationName?: string };
    try {
      request = JSON.parse(raw);
    } catch {
      return { status: 400, body: { errors: [{ message: 'Invalid JSON body' }] } };
    }
    const query = request.query ?? '';
    const variables = request.variables ?? {};
    const top = /^\s*query\s+(\w+)\s*(?:\([^)]*\))?\s*\{\s*(\w+)/.exec(query);
    if (!top || top[1] !== request.operationName)
      return { status: 200, body: { errors: [{ message: `Unknown operation named "${request.operationName}"` }] } };
    const fieldName = top[2]!;
    const w = Number(/responsiveImage\(imgixParams:\s*\{[^}]*\bw:\s*(\d+)/.exec(query)?.[1] ?? 2000);
    const modelOf = (plural: string) => Object.entries(PLURALS).find(([, p]) => p === plural)?.[0];
    const visible = (apiKey: string) => {
      const type = env.itemTypes.find((t) => t.attributes.api_key === apiKey);
      if (!type) return null;
      return env.items
        .filter((i) => i.itemTypeId === type.id)
        .map((i) => ({ item: i, values: drafts === 'true' ? i.current : i.published }))
        .filter((r): r is { item: ItemRow; values: Json } => r.values !== null);
    };
    const meta = /^_all(\w+)Meta$/.exec(fieldName);
    if (meta) {
      const rows = visible(modelOf(meta[1]!) ?? '');
      if (!rows)
        return { status: 200, body: { errors: [{ message: `Field '${fieldName}' doesn't exist on type 'Query'` }] } };
      return { status: 200, body: { data: { [fieldName]: { count: rows.length } } } };
    }
    const all = /^all(\w+)$/.exec(fieldName);
    if (all) {
      const rows = visible(modelOf(all[1]!) ?? '');
      if (!rows)
        return { status: 200, body: { errors: [{ message: `Field '${fieldName}' doesn't exist on type 'Query'` }] } };
      const first = Number(variables.first ?? 20);
      const skip = Number(variables.skip ?? 0);
      if (first > 100)
        return {
          status: 200,
          body: {
            errors: [
              { message: 'Argument "first" must be less than or equal to 100', locations: [{ line: 1, column: 1 }] },
            ],
          },
        };
      const byPosition = /orderBy:\s*\[\s*position_ASC/.test(query);
      rows.sort(
        (a, b) => (byPosition ? a.item.position - b.item.position : 0) || Number(a.item.id) - Number(b.item.id),
      );
      return {
        status: 200,
        body: {
          data: {
            [fieldName]: rows.slice(skip, skip + first).map((r) => graphqlRecord(env, r.item, r.values, { w, query })),
          },
        },
      };
    }
    const single = Object.entries(PLURALS).find(([apiKey]) => camel(apiKey) === fieldName);
    if (single) {
      const rows = visible(single[0]) ?? [];
      const slug = variables.slug;
      const row = rows.find((r) => slug === undefined || r.values.slug === slug);
      return {
        status: 200,
        body: { data: { [fieldName]: row ? graphqlRecord(env, row.item, row.values, { w, query }) : null } },
      };
    }
    return { status: 200, body: { errors: [{ message: `Field '${fieldName}' doesn't exist on type 'Query'` }] } };
  }

  // --- CMA -------------------------------------------------------------------------------------------------
  async function answerCma(
    req: IncomingMessage,
    path: string,
    url: URL,
    raw: string,
  ): Promise<{ status: number; body: unknown }> {
    if (req.headers.authorization !== `Bearer ${tokens.cma}`)
      return { status: 401, body: apiError('INVALID_AUTHORIZATION_HEADER') };
    const method = req.method ?? 'GET';
    const body = raw
      ? (JSON.parse(raw) as {
          data?: { id?: string; attributes?: Json; relationships?: Record<string, { data: { id: string } | null }> };
        })
      : {};
    const attributes = body.data?.attributes ?? {};
    const relationships = body.data?.relationships ?? {};
    const ok = (data: unknown) => ({ status: 200, body: { data } });
    // Maintenance mode makes the primary environment read-only; sandboxes stay writable.
    const writing = method !== 'GET';
    if (writing && maintenance && environmentOf(req)?.primary && /^\/(item-types|fields|items)/.test(path)) {
      return { status: 422, body: apiError('MAINTENANCE_MODE_ACTIVE') };
    }

    if (path === '/site' && method === 'GET')
      return ok({
        id: '1',
        type: 'site',
        attributes: {
          name: 'Fake project',
          locales: ['en'],
          timezone: 'Europe/London',
          internal_domain: 'fake.admin.datocms.com',
        },
      });
    if (path === '/maintenance-mode' && method === 'GET')
      return ok({ id: 'maintenance_mode', type: 'maintenance_mode', attributes: { active: maintenance } });
    const mm = /^\/maintenance-mode\/(activate|deactivate)$/.exec(path);
    if (mm && method === 'PUT') {
      maintenance = mm[1] === 'activate';
      return ok({ id: 'maintenance_mode', type: 'maintenance_mode', attributes: { active: maintenance } });
    }
    const jobResult = /^\/job-results\/(\w+)$/.exec(path);
    if (jobResult && method === 'GET') {
      const j = jobs.get(jobResult[1]!);
      if (!j) return { status: 404, body: apiError('NOT_FOUND') };
      return ok({ id: jobResult[1], type: 'job_result', attributes: { status: j.status, payload: j.payload } });
    }

    // Environments (project-wide).
    if (path === '/environments' && method === 'GET') return ok([...environments.values()].map(envResource));
    const envMatch = /^\/environments\/([\w-]+)(?:\/(fork|promote))?$/.exec(path);
    if (envMatch) {
      const source = environments.get(envMatch[1]!);
      if (!source) return { status: 404, body: apiError('NOT_FOUND') };
      if (envMatch[2] === 'fork' && method === 'POST') {
        const newId = body.data?.id;
        if (!newId || environments.has(newId))
          return { status: 422, body: apiError('INVALID_FIELD', { field: 'id', code: 'VALIDATION_UNIQUE' }) };
        const copy: EnvironmentState = { ...structuredClone(source), id: newId, primary: false, forkedFrom: source.id };
        environments.set(newId, copy);
        return { status: 202, body: job(200, { data: envResource(copy) }) };
      }
      if (envMatch[2] === 'promote' && method === 'PUT') {
        for (const e of environments.values()) e.primary = e.id === source.id;
        return ok(envResource(source));
      }
      if (!envMatch[2] && method === 'GET') return ok(envResource(source));
      if (!envMatch[2] && method === 'DELETE') {
        if (source.primary) return { status: 422, body: apiError('CANNOT_DESTROY_PRIMARY_ENVIRONMENT') };
        environments.delete(source.id);
        return { status: 202, body: job(200, { data: envResource(source) }) };
      }
    }

    // Webhooks (project-wide).
    if (path === '/webhooks' && method === 'GET') return ok(webhooks.map(webhookResource));
    if ((path === '/webhooks' && method === 'POST') || (/^\/webhooks\/\w+$/.test(path) && method === 'PUT')) {
      const invalid = 'events' in attributes || method === 'POST' ? invalidWebhookEvents(attributes.events) : null;
      if (invalid)
        return { status: 422, body: apiError('INVALID_FIELD', { field: invalid, code: 'VALIDATION_INVALID' }) };
    }
    if (path === '/webhooks' && method === 'POST') {
      const w = { id: id(), attributes };
      webhooks.push(w);
      return { status: 201, body: { data: webhookResource(w) } };
    }
    const webhook = /^\/webhooks\/(\w+)$/.exec(path);
    if (webhook && method === 'PUT') {
      const w = webhooks.find((x) => x.id === webhook[1]);
      if (!w) return { status: 404, body: apiError('NOT_FOUND') };
      w.attributes = { ...w.attributes, ...attributes };
      return ok(webhookResource(w));
    }

    // Uploads (project-wide here).
    if (path === '/upload-requests' && method === 'POST') {
      const filename = String(attributes.filename ?? 'file');
      const uploadPath = `/${randomBytes(4).toString('hex')}/${Date.now()}-${filename}`;
      return ok({
        id: uploadPath,
        type: 'upload_request',
        attributes: { url: `${base}/s3${uploadPath}`, request_headers: {} },
      });
    }
    if (path === '/uploads' && method === 'GET') {
      const md5 = url.searchParams.get('filter[fields][md5][eq]');
      const found = uploads.filter((u) => !md5 || u.md5 === md5);
      return { status: 200, body: { data: found.map(uploadResource), meta: { total_count: found.length } } };
    }
    if (path === '/uploads' && method === 'POST') {
      const uploadPath = String(attributes.path ?? '');
      const file = files.get(uploadPath);
      if (!file) return { status: 422, body: apiError('INVALID_FIELD', { field: 'path', code: 'VALIDATION_INVALID' }) };
      const filename = uploadPath.split('/').pop()!.replace(/^\d+-/, '');
      let width: number | null = null;
      let height: number | null = null;
      let base64: string | null = null;
      try {
        const meta = await sharp(file.bytes).metadata();
        width = meta.width ?? null;
        height = meta.height ?? null;
        const tiny = await sharp(file.bytes).resize({ width: 20 }).webp({ quality: 40 }).toBuffer();
        base64 = `data:image/webp;base64,${tiny.toString('base64')}`;
      } catch {
        /* not an image */
      }
      const row: UploadRow = {
        id: id(),
        path: uploadPath,
        filename,
        md5: createHash('md5').update(file.bytes).digest('hex'),
        size: file.bytes.length,
        width,
        height,
        format: filename.split('.').pop() ?? '',
        mime: file.mime,
        base64,
        alt: (attributes.default_field_metadata as { en?: { alt?: string } } | undefined)?.en?.alt ?? null,
      };
      uploads.push(row);
      return { status: 202, body: job(201, { data: uploadResource(row) }) };
    }

    // Everything below lives in an environment.
    const env = environmentOf(req);
    if (!env) return { status: 404, body: apiError('NOT_FOUND', { message: 'Unknown environment' }) };

    if (path === '/item-types' && method === 'GET') return ok(env.itemTypes.map((t) => itemTypeResource(env, t)));
    if (path === '/item-types' && method === 'POST') {
      if (env.itemTypes.some((t) => t.attributes.api_key === attributes.api_key))
        return { status: 422, body: apiError('INVALID_FIELD', { field: 'api_key', code: 'VALIDATION_UNIQUE' }) };
      const t: ItemTypeRow = {
        id: id(),
        attributes: { singleton: false, sortable: false, draft_mode_active: false, ...attributes },
        titleFieldId: relationships.title_field?.data?.id ?? null,
      };
      env.itemTypes.push(t);
      return { status: 201, body: { data: itemTypeResource(env, t) } };
    }
    const itemType = /^\/item-types\/(\w+)(\/fields)?$/.exec(path);
    if (itemType) {
      const t = env.itemTypes.find((x) => x.id === itemType[1]);
      if (!t) return { status: 404, body: apiError('NOT_FOUND') };
      if (itemType[2] && method === 'GET')
        return ok(env.fields.filter((f) => f.itemTypeId === t.id).map(fieldResource));
      if (itemType[2] && method === 'POST') {
        if (env.fields.some((f) => f.itemTypeId === t.id && f.attributes.api_key === attributes.api_key))
          return { status: 422, body: apiError('INVALID_FIELD', { field: 'api_key', code: 'VALIDATION_UNIQUE' }) };
        const editors: Json = {
          string: 'single_line',
          text: 'textarea',
          slug: 'slug',
          seo: 'seo',
          date: 'date_picker',
          file: 'file',
          boolean: 'boolean',
          integer: 'integer',
          float: 'float',
        };
        const f: FieldRow = {
          id: id(),
          itemTypeId: t.id,
          attributes: {
            appearance: { editor: editors[attributes.field_type as string] ?? 'default', parameters: {}, addons: [] },
            validators: {},
            ...attributes,
          },
        };
        env.fields.push(f);
        return { status: 201, body: { data: fieldResource(f) } };
      }
      if (!itemType[2] && method === 'GET') return ok(itemTypeResource(env, t));
      if (!itemType[2] && method === 'PUT') {
        t.attributes = { ...t.attributes, ...attributes };
        if ('title_field' in relationships) t.titleFieldId = relationships.title_field?.data?.id ?? null;
        return ok(itemTypeResource(env, t));
      }
    }
    const field = /^\/fields\/(\w+)$/.exec(path);
    if (field) {
      const f = env.fields.find((x) => x.id === field[1]);
      if (!f) return { status: 404, body: apiError('NOT_FOUND') };
      if (method === 'GET') return ok(fieldResource(f));
      if (method === 'PUT') {
        f.attributes = { ...f.attributes, ...attributes };
        return ok(fieldResource(f));
      }
    }

    if (path === '/items' && method === 'GET') {
      const wanted = (url.searchParams.get('filter[type]') ?? '').split(',').filter(Boolean);
      const types = env.itemTypes
        .filter((t) => !wanted.length || wanted.includes(t.id) || wanted.includes(t.attributes.api_key as string))
        .map((t) => t.id);
      const all = env.items.filter((i) => types.includes(i.itemTypeId));
      const limit = Number(url.searchParams.get('page[limit]') ?? 30);
      const offset = Number(url.searchParams.get('page[offset]') ?? 0);
      if (limit > 500) return { status: 422, body: apiError('INVALID_FIELD', { field: 'page[limit]' }) };
      return {
        status: 200,
        body: { data: all.slice(offset, offset + limit).map(itemResource), meta: { total_count: all.length } },
      };
    }
    if (path === '/items' && method === 'POST') {
      const typeId = relationships.item_type?.data?.id;
      const t = env.itemTypes.find((x) => x.id === typeId);
      if (!t)
        return { status: 422, body: apiError('INVALID_FIELD', { field: 'item_type', code: 'VALIDATION_REQUIRED' }) };
      const { position, ...values } = attributes;
      const error = validateItem(env, t.id, values);
      if (error) return { status: 422, body: error };
      const stamp = now();
      const sameType = env.items.filter((i) => i.itemTypeId === t.id);
      const item: ItemRow = {
        id: id(),
        itemTypeId: t.id,
        current: values,
        published: null,
        createdAt: stamp,
        updatedAt: stamp,
        publishedAt: null,
        position: typeof position === 'number' ? position : sameType.length + 1,
      };
      env.items.push(item);
      // A model without draft mode publishes on save.
      if (!t.attributes.draft_mode_active) item.published = structuredClone(values);
      return { status: 201, body: { data: itemResource(item) } };
    }
    const item = /^\/items\/(\w+)(?:\/(publish|unpublish))?$/.exec(path);
    if (item) {
      const i = env.items.find((x) => x.id === item[1]);
      if (!i) return { status: 404, body: apiError('NOT_FOUND') };
      if (!item[2] && method === 'GET') return ok(itemResource(i));
      if (!item[2] && method === 'PUT') {
        const { position, ...values } = attributes;
        const next = { ...i.current, ...values };
        const error = validateItem(env, i.itemTypeId, next, i.id);
        if (error) return { status: 422, body: error };
        i.current = next;
        if (typeof position === 'number') i.position = position;
        i.updatedAt = now();
        return ok(itemResource(i));
      }
      if (!item[2] && method === 'DELETE') {
        env.items.splice(env.items.indexOf(i), 1);
        return ok(itemResource(i));
      }
      if (item[2] === 'publish' && method === 'PUT') {
        i.published = structuredClone(i.current);
        i.publishedAt = now();
        return ok(itemResource(i));
      }
      if (item[2] === 'unpublish' && method === 'PUT') {
        i.published = null;
        return ok(itemResource(i));
      }
    }
    return { status: 404, body: apiError('NOT_FOUND', { message: `${method} ${path}` }) };
  }

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

  const server: Server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    const record = (api: DatoRequest['api'], path: string) =>
      requests.push({
        api,
        method: req.method ?? 'GET',
        path: path + url.search,
        headers,
        body: api === 's3' ? '' : raw.toString('utf8'),
      });
    try {
      if (url.pathname.startsWith('/s3/') && req.method === 'PUT') {
        record('s3', url.pathname);
        const path = url.pathname.slice(3);
        files.set(path, { bytes: raw, mime: String(req.headers['content-type'] ?? 'application/octet-stream') });
        res.writeHead(200).end();
        return;
      }
      if (url.pathname.startsWith('/assets/') && req.method === 'GET') {
        record('assets', url.pathname);
        const file = files.get(url.pathname.slice('/assets'.length));
        if (!file) return send(res, 404, { error: 'not found' });
        const type = url.pathname.endsWith('.svg') ? 'image/svg+xml' : file.mime;
        res.writeHead(200, { 'content-type': type, 'cache-control': 'public, max-age=31536000' }).end(file.bytes);
        return;
      }
      if (url.pathname === '/graphql' || url.pathname === '/graphql/') {
        record('graphql', url.pathname);
        if (req.method !== 'POST') return send(res, 405, { errors: [{ message: 'Use POST' }] });
        if (graphqlFailures && graphqlFailures.count > 0) {
          graphqlFailures.count--;
          res
            .writeHead(graphqlFailures.answer.status, { 'content-type': 'application/json' })
            .end(graphqlFailures.answer.body);
          return;
        }
        const answer = answerGraphql(req, raw.toString('utf8'));
        return send(res, answer.status, answer.body);
      }
      if (url.pathname.startsWith('/cma/')) {
        const path = url.pathname.slice(4);
        record('cma', path);
        const answer = await answerCma(req, path, url, raw.toString('utf8'));
        return send(res, answer.status, answer.body);
      }
      send(res, 404, { error: 'not found' });
    } catch (error) {
      send(res, 500, apiError('INTERNAL_ERROR', { message: (error as Error).message }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  base = `http://127.0.0.1:${port}`;
  return {
    base,
    cmaUrl: `${base}/cma`,
    graphqlUrl: `${base}/graphql`,
    tokens,
    requests,
    failGraphql(count, answer) {
      graphqlFailures = { count, answer };
    },
    environment(envId) {
      return envId ? environments.get(envId)! : primary();
    },
    maintenanceMode: () => maintenance,
    webhooks: () => webhooks.map(webhookResource),
    writesSince: (from) => requests.slice(from).filter((r) => r.api === 'cma' && r.method !== 'GET'),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
