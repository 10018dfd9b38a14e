import { z } from 'zod';
import { trustProxySchema } from './trust-proxy';

/**
 * Every environment variable the shop reads, validated once at boot. A bad value stops the start with a
 * message naming the variable. The README's configuration table lists the same variables.
 */
/** A configured secret: long enough that it cannot be guessed, and never a default written here. */
const secret = z.string().min(32, 'must be at least 32 characters (for example: openssl rand -hex 32)');


export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Unset: the address the shop listens on (public-base-url.ts); required with DATABASE_URL, below. */
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/, message: 'must be an absolute http(s) URL such as https://shop.example' }).optional(),
  STORE_MAIL_ADDRESS: z.string().min(1).default('Charm & Bracelet Co., 100 Congress Ave, Austin, TX 78701'),
  ROBOTS: z.enum(['index', 'noindex']).default('noindex'),
  GTM_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]+$/, 'must look like GTM-XXXXXXX')
    .optional(),
  TRUST_PROXY: trustProxySchema,
  REDIS_URL: z.url({ protocol: /^rediss?$/, message: 'must be a redis:// or rediss:// URL' }).optional(),
  /** With DATABASE_URL: how many worker processes serve the shop (unset: one per core); see apps/web/server/start.ts. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  CATALOG_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** The storefront's cache of rendered pages, in bytes (apps/web/server/page-cache.ts); 0 turns it off. */
  PAGE_CACHE_MAX_BYTES: z.coerce.number().int().min(0).max(4 * 1024 ** 3).default(32 * 1024 ** 2),
  PAYMENT_GATEWAY: z.enum(['braintree', 'test'], { message: 'must be "braintree" or "test"' }).optional(),
  BRAINTREE_MERCHANT_ID: z.string().min(1).optional(),
  BRAINTREE_PUBLIC_KEY: z.string().min(1).optional(),
  BRAINTREE_PRIVATE_KEY: z.string().min(1).optional(),
  BRAINTREE_ENVIRONMENT: z.enum(['sandbox', 'production']).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' }).optional(),
  /** Signs the confirmation links in emails; unset, one is made at the first start and kept in the database (secrets.ts). */
  ORDER_LINK_SECRET: secret.optional(),
  /** Signs the storefront's cookies; unset, made and kept like ORDER_LINK_SECRET. */
  COOKIE_SECRET: secret.optional(),
  /** Photos: unset, they are files under DATA_DIR/media; set, objects in this S3-compatible bucket (media/create-media-storage.ts). */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  /** Unset: AWS S3 itself; else the service's address, e.g. http://minio:9000 or https://<account>.r2.cloudflarestorage.com. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Both or neither: unset, the AWS SDK finds credentials itself (an instance role, AWS_* variables). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
});

const BRAINTREE_VARIABLES = ['BRAINTREE_MERCHANT_ID', 'BRAINTREE_PUBLIC_KEY', 'BRAINTREE_PRIVATE_KEY', 'BRAINTREE_ENVIRONMENT'] as const;

/**
 * The payment gateway is an explicit choice wherever real orders could be taken. The embedded database is a
 * developer's or a tryer's shop, so it defaults to the test gateway; a PostgreSQL server may be production, so there
 * the start stops until PAYMENT_GATEWAY says which. Braintree needs all four of its variables.
 */
const checkedConfigSchema = configSchema
  .superRefine((config, context) => {
    const set = BRAINTREE_VARIABLES.filter((name) => config[name] !== undefined);
    if (config.PAYMENT_GATEWAY === undefined && config.DATABASE_URL !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['PAYMENT_GATEWAY'],
        message: `is required with DATABASE_URL: "braintree" (with ${BRAINTREE_VARIABLES.join(', ')}) to take real payments, or "test" for the local test gateway that accepts only test cards`,
      });
    } else if (config.PAYMENT_GATEWAY === undefined && set.length > 0) {
      context.addIssue({ code: 'custom', path: ['PAYMENT_GATEWAY'], message: `is required when ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set: "braintree" or "test"` });
    }
    // A PostgreSQL server may be production, where links to localhost in customers' emails would be broken: the
    // shop's public address is then said, not guessed (and never read from a request's Host header).
    if (config.PUBLIC_BASE_URL === undefined && config.DATABASE_URL !== undefined) {
      context.addIssue({ code: 'custom', path: ['PUBLIC_BASE_URL'], message: 'is required with DATABASE_URL: the address customers reach the shop at, such as https://shop.example (it is in the links of order emails)' });
    }
    if ((config.S3_ACCESS_KEY_ID === undefined) !== (config.S3_SECRET_ACCESS_KEY === undefined)) {
      const missing = config.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
      context.addIssue({ code: 'custom', path: [missing], message: 'is required with the other S3 key (set both, or neither to use the AWS SDK\'s own credentials)' });
    }
    if (config.S3_BUCKET === undefined) {
      for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (config[name] !== undefined) context.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `is required when ${name} is set (photos go to the bucket it names)` });
      }
    }
    if (config.PAYMENT_GATEWAY === 'braintree') {
      for (const name of BRAINTREE_VARIABLES.filter((variable) => config[variable] === undefined)) {
        context.addIssue({ code: 'custom', path: [name], message: 'is required with PAYMENT_GATEWAY=braintree (Braintree needs all four)' });
      }
    }
  })
  .transform((config) => ({ ...config, PAYMENT_GATEWAY: config.PAYMENT_GATEWAY ?? ('test' as const) }));

export type Config = z.output<typeof checkedConfigSchema>;

export class ConfigError extends Error {}

/** Reads the config from an environment; empty strings count as unset. */
/** Variables that were once read here and are now store settings, changed in the admin (Settings). */
const MOVED_TO_SETTINGS = ['STORE_NAME', 'STORE_PHONE', 'PHOTOART_EMAIL', 'EMAIL_FROM', 'SOCIAL_FACEBOOK_URL', 'SOCIAL_PINTEREST_URL', 'SOCIAL_TWITTER_URL'] as const;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  // A value set for one of them would otherwise be ignored without a word: the start stops and says where it went.
  const moved = MOVED_TO_SETTINGS.filter((name) => name in present);
  if (moved.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${moved.map((name) => `  ${name}: is now a store setting: unset it and change it in the admin (Settings)`).join('\n')}`);
  }
  const parsed = checkedConfigSchema.safeParse(present);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
}
