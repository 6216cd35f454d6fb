import type { Client } from '@datocms/cma-client-node';

/**
 * The DatoCMS models, as code (`npm run cms:setup`, docs/decisions/041-datocms-models-as-code.md).
 * Each model and field is described here once; `planModels` compares the description with a DatoCMS
 * environment and lists what to create or change, and `applyModels` does it. A second run finds
 * nothing to do. Fields that are in DatoCMS but not here are left alone (and reported): removing a
 * field deletes its content, which is for a person to decide.
 *
 * The GraphQL names the site reads (src/cms/queries.ts) follow from these API keys: `blog_post` →
 * `allBlogPosts`, `pub_date` → `pubDate`.
 */

type Validators = Record<string, Record<string, unknown>>;

export interface FieldSpec {
  api_key: string;
  label: string;
  field_type: 'string' | 'text' | 'slug' | 'seo' | 'date' | 'file' | 'boolean' | 'integer' | 'float';
  /** Given the ids of the model's fields by API key, for validators that name another field. */
  validators?: Validators | ((ids: Record<string, string>) => Validators);
  appearance?: { editor: string; parameters: Record<string, unknown>; addons?: unknown[] };
  hint?: string;
  default_value?: unknown;
}

export interface ModelSpec {
  api_key: string;
  name: string;
  hint: string;
  singleton: boolean;
  sortable: boolean;
  /** Records are drafts until an editor publishes them; only published ones reach the site. */
  draft_mode_active: boolean;
  /** The field that names a record in DatoCMS's lists. */
  title_field?: string;
  fields: FieldSpec[];
}

const required = { required: {} };
const image = { extension: { predefined_list: 'image' }, required_alt_title: { alt: true } };
const anchor = {
  format: { custom_pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', description: 'lower-case words joined by hyphens' },
};
const markdown = {
  editor: 'markdown',
  parameters: {
    toolbar: ['heading', 'bold', 'italic', 'unordered_list', 'ordered_list', 'quote', 'link', 'fullscreen'],
  },
  addons: [],
};

export const MODELS: ModelSpec[] = [
  {
    api_key: 'blog_post',
    name: 'Blog post',
    hint: 'Published posts appear on the site after the next build, a few minutes after you publish.',
    singleton: false,
    sortable: false,
    draft_mode_active: true,
    title_field: 'title',
    fields: [
      {
        api_key: 'title',
        label: 'Title',
        field_type: 'string',
        validators: { ...required, length: { max: 90 } },
        hint: 'Up to 90 characters.',
      },
      {
        api_key: 'slug',
        label: 'Address',
        field_type: 'slug',
        validators: (ids) => ({
          ...required,
          unique: {},
          slug_format: { predefined_pattern: 'webpage_slug' },
          slug_title_field: { title_field_id: ids.title! },
        }),
        hint: 'The post is at /blog/post/<address>. Do not change it once the post is public: links to it would break.',
      },
      {
        api_key: 'seo',
        label: 'Search results',
        field_type: 'seo',
        validators: {
          required_seo_fields: { description: true },
          description_length: { max: 170 },
          title_length: { max: 90 },
        },
        hint: 'The description is required (up to 170 characters): search engines show it under the title. A title here replaces the post title in the browser tab and search results.',
      },
      { api_key: 'pub_date', label: 'Publication date', field_type: 'date', validators: required },
      {
        api_key: 'updated_date',
        label: 'Updated on',
        field_type: 'date',
        hint: 'Only when the post was changed in a way readers should know about.',
      },
      {
        api_key: 'author',
        label: 'Author',
        field_type: 'string',
        validators: required,
        default_value: 'The Leyton Dog Grooming team',
      },
      {
        api_key: 'cover',
        label: 'Cover picture',
        field_type: 'file',
        validators: { ...required, ...image },
        hint: 'A landscape picture (16:9 suits best). Its alt text says what it shows, for people who cannot see it.',
      },
      {
        api_key: 'tags',
        label: 'Tags',
        field_type: 'string',
        hint: 'Separated by commas, for example: coat care, advice',
      },
      {
        api_key: 'body',
        label: 'Text',
        field_type: 'text',
        validators: required,
        appearance: markdown,
        hint: 'Start sections with a level-2 heading (##).',
      },
    ],
  },
  {
    api_key: 'showcase_picture',
    name: 'Showcase picture',
    hint: 'The slideshow on the home page, in this order.',
    singleton: false,
    sortable: true,
    draft_mode_active: true,
    title_field: 'name',
    fields: [
      {
        api_key: 'name',
        label: 'Name',
        field_type: 'string',
        validators: { ...required, unique: {}, ...anchor },
        hint: 'A short name, such as poodle-after-a-full-groom.',
      },
      {
        api_key: 'picture',
        label: 'Picture',
        field_type: 'file',
        validators: { ...required, ...image },
        hint: 'A landscape photograph (3:2). Its alt text says what it shows.',
      },
    ],
  },
  {
    api_key: 'faq_entry',
    name: 'Question and answer',
    hint: 'The Questions & Answers page, grouped by topic in the order of their first question.',
    singleton: false,
    sortable: true,
    draft_mode_active: true,
    title_field: 'question',
    fields: [
      { api_key: 'question', label: 'Question', field_type: 'string', validators: required },
      {
        api_key: 'anchor',
        label: 'Link name',
        field_type: 'string',
        validators: { ...required, unique: {}, ...anchor },
        hint: 'Links to this answer end in #<link name>.',
      },
      { api_key: 'topic', label: 'Topic', field_type: 'string', validators: required },
      { api_key: 'answer', label: 'Answer', field_type: 'text', validators: required, appearance: markdown },
    ],
  },
  {
    api_key: 'partner',
    name: 'Partner',
    hint: 'Brands and people we work with, on the home page in this order.',
    singleton: false,
    sortable: true,
    draft_mode_active: true,
    title_field: 'name',
    fields: [
      { api_key: 'name', label: 'Name', field_type: 'string', validators: required },
      { api_key: 'logo', label: 'Logo or picture', field_type: 'file', validators: { ...required, ...image } },
      { api_key: 'url', label: 'Website', field_type: 'string', validators: { format: { predefined_pattern: 'url' } } },
    ],
  },
  {
    api_key: 'site_fact',
    name: 'Site facts',
    hint: 'Facts editors may change. Not read by the site yet: the same facts are in content/site.json, which the booking server also reads (decision 041).',
    singleton: true,
    sortable: false,
    draft_mode_active: true,
    fields: [
      { api_key: 'phone_issue_banner', label: 'Show the "phone system issues" banner', field_type: 'boolean' },
      { api_key: 'booking_phone', label: 'Number to book on while the phones have issues', field_type: 'string' },
      {
        api_key: 'review_rating',
        label: 'Google review rating',
        field_type: 'float',
        validators: { number_range: { min: 0, max: 5 } },
      },
      {
        api_key: 'review_count',
        label: 'Number of Google reviews',
        field_type: 'integer',
        validators: { number_range: { min: 0 } },
      },
      { api_key: 'promotion', label: 'Promotion', field_type: 'string' },
    ],
  },
];

export type Change =
  | { kind: 'create model'; model: string }
  | { kind: 'update model'; model: string; changes: string[] }
  | { kind: 'create field'; model: string; field: string }
  | { kind: 'update field'; model: string; field: string; changes: string[] };

export interface Plan {
  changes: Change[];
  /** Fields in DatoCMS that no model here describes: reported, never removed. */
  unknownFields: string[];
}

/** True when `actual` has every key of `wanted` with the same value (objects compared the same way). */
export function covers(actual: unknown, wanted: unknown): boolean {
  if (Array.isArray(wanted))
    return Array.isArray(actual) && actual.length === wanted.length && wanted.every((w, i) => covers(actual[i], w));
  if (wanted && typeof wanted === 'object') {
    if (!actual || typeof actual !== 'object') return false;
    return Object.entries(wanted).every(([k, v]) => covers((actual as Record<string, unknown>)[k], v));
  }
  return (actual ?? null) === (wanted ?? null);
}

/** Validators match when the same ones are set, each with (at least) our settings. */
function sameValidators(actual: unknown, wanted: Validators): boolean {
  const a = (actual ?? {}) as Record<string, unknown>;
  const keys = (o: object) => Object.keys(o).sort().join(',');
  return keys(a) === keys(wanted) && covers(a, wanted);
}

type RemoteField = Awaited<ReturnType<Client['fields']['list']>>[number];

const modelAttributes = (spec: ModelSpec) => ({
  name: spec.name,
  hint: spec.hint,
  singleton: spec.singleton,
  sortable: spec.sortable,
  draft_mode_active: spec.draft_mode_active,
});

function fieldAttributes(spec: FieldSpec, position: number, ids: Record<string, string>) {
  const validators = typeof spec.validators === 'function' ? spec.validators(ids) : (spec.validators ?? {});
  return {
    label: spec.label,
    field_type: spec.field_type,
    api_key: spec.api_key,
    localized: false,
    validators,
    position,
    hint: spec.hint ?? null,
    ...(spec.appearance ? { appearance: { addons: [], ...spec.appearance } } : {}),
    ...(spec.default_value !== undefined ? { default_value: spec.default_value } : {}),
  };
}

function fieldDifferences(field: RemoteField, wanted: ReturnType<typeof fieldAttributes>): string[] {
  const changes: string[] = [];
  for (const [key, value] of Object.entries(wanted)) {
    if (key === 'field_type' || key === 'api_key') continue;
    const actual = (field as unknown as Record<string, unknown>)[key];
    const same = key === 'validators' ? sameValidators(actual, value as Validators) : covers(actual, value);
    if (!same) changes.push(key);
  }
  return changes;
}

/** What `applyModels` would change in the client's environment; reads only. */
export async function planModels(client: Client, models: ModelSpec[] = MODELS): Promise<Plan> {
  const remote = await client.itemTypes.list();
  const changes: Change[] = [];
  const unknownFields: string[] = [];
  for (const spec of models) {
    const model = remote.find((m) => m.api_key === spec.api_key);
    if (!model) {
      changes.push({ kind: 'create model', model: spec.api_key });
      for (const f of spec.fields) changes.push({ kind: 'create field', model: spec.api_key, field: f.api_key });
      continue;
    }
    const fields = await client.fields.list(model.id);
    const ids = Object.fromEntries(fields.map((f) => [f.api_key, f.id]));
    const modelChanges = Object.entries(modelAttributes(spec))
      .filter(([k, v]) => !covers((model as unknown as Record<string, unknown>)[k], v))
      .map(([k]) => k);
    spec.fields.forEach((f, index) => {
      const field = fields.find((x) => x.api_key === f.api_key);
      if (!field) return void changes.push({ kind: 'create field', model: spec.api_key, field: f.api_key });
      if (field.field_type !== f.field_type) {
        throw new Error(
          `${spec.api_key}.${f.api_key} is a ${field.field_type} field in DatoCMS and a ${f.field_type} field here: change it by hand, it holds content`,
        );
      }
      const differences = fieldDifferences(field, fieldAttributes(f, index + 1, ids));
      if (differences.length)
        changes.push({ kind: 'update field', model: spec.api_key, field: f.api_key, changes: differences });
    });
    for (const field of fields)
      if (!spec.fields.some((f) => f.api_key === field.api_key)) unknownFields.push(`${spec.api_key}.${field.api_key}`);
    const titleId = spec.title_field ? ids[spec.title_field] : undefined;
    if ((model.title_field?.id ?? null) !== (titleId ?? null) || (spec.title_field && !titleId))
      modelChanges.push('title_field');
    if (modelChanges.length) changes.push({ kind: 'update model', model: spec.api_key, changes: modelChanges });
  }
  return { changes, unknownFields };
}

/** Creates or updates every model and field so the environment matches MODELS; returns what it did. */
export async function applyModels(client: Client, models: ModelSpec[] = MODELS): Promise<Change[]> {
  const { changes } = await planModels(client, models);
  if (!changes.length) return [];
  const remote = await client.itemTypes.list();
  for (const spec of models) {
    let model = remote.find((m) => m.api_key === spec.api_key);
    if (!model) model = await client.itemTypes.create({ api_key: spec.api_key, ...modelAttributes(spec) });
    const fields = await client.fields.list(model.id);
    const ids: Record<string, string> = Object.fromEntries(fields.map((f) => [f.api_key, f.id]));
    for (const [index, f] of spec.fields.entries()) {
      const field = fields.find((x) => x.api_key === f.api_key);
      const wanted = fieldAttributes(f, index + 1, ids);
      if (!field) {
        const created = await client.fields.create(model.id, wanted as Parameters<Client['fields']['create']>[1]);
        ids[f.api_key] = created.id;
      } else if (fieldDifferences(field, wanted).length) {
        const { field_type: _type, api_key: _key, ...update } = wanted;
        await client.fields.update(field.id, update as Parameters<Client['fields']['update']>[1]);
      }
    }
    const titleId = spec.title_field ? ids[spec.title_field] : undefined;
    const wantedModel = modelAttributes(spec);
    const stale = !covers(model, wantedModel) || (model.title_field?.id ?? null) !== (titleId ?? null);
    if (stale) {
      await client.itemTypes.update(model.id, {
        ...wantedModel,
        title_field: titleId ? { type: 'field', id: titleId } : null,
      });
    }
  }
  return changes;
}
