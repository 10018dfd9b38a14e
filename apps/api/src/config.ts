import { z } from 'zod';
import { trustProxySchema } from './trust-proxy';

/**
 * Every environment variable the shop reads, validated once at boot. A bad value stops the start with a
 * message naming the variable. The README's configuration table lists the same variables.
 */
const booleanFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_BASE_URL: z.url({ message: 'must be an absolute URL such as https://shop.example' }).default('http://localhost:3000'),
  STORE_NAME: z.string().min(1).default('Charm & Bracelet Co.'),
  STORE_PHONE: z.string().min(1).default('1-800-555-0142'),
  PHOTOART_EMAIL: z.email({ message: 'must be an email address' }).default('photoart@charms.example'),
  ROBOTS: z.enum(['index', 'noindex']).default('noindex'),
  GTM_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]+$/, 'must look like GTM-XXXXXXX')
    .optional(),
  TRUST_PROXY: trustProxySchema,
  REDIS_URL: z.url({ protocol: /^rediss?$/, message: 'must be a redis:// or rediss:// URL' }).optional(),
  CATALOG_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  BRAINTREE_MERCHANT_ID: z.string().min(1).optional(),
  BRAINTREE_PUBLIC_KEY: z.string().min(1).optional(),
  BRAINTREE_PRIVATE_KEY: z.string().min(1).optional(),
  BRAINTREE_ENVIRONMENT: z.enum(['sandbox', 'production']).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' }).optional(),
  EMAIL_FROM: z.string().min(3).default('orders@charms.example'),
  /** Signs the confirmation links in emails; every instance must share it. */
  ORDER_LINK_SECRET: z.string().min(32, 'must be at least 32 characters').default('development-only-order-link-secret-change-me'),
});

const BRAINTREE_VARIABLES = ['BRAINTREE_MERCHANT_ID', 'BRAINTREE_PUBLIC_KEY', 'BRAINTREE_PRIVATE_KEY', 'BRAINTREE_ENVIRONMENT'] as const;

/** Braintree is used when all four variables are set; some but not all is a mistake worth stopping for. */
const checkedConfigSchema = configSchema.superRefine((config, context) => {
  const set = BRAINTREE_VARIABLES.filter((name) => config[name] !== undefined);
  if (set.length > 0 && set.length < BRAINTREE_VARIABLES.length) {
    for (const name of BRAINTREE_VARIABLES.filter((variable) => config[variable] === undefined)) {
      context.addIssue({ code: 'custom', path: [name], message: `is required when ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set (Braintree needs all four)` });
    }
  }
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Reads the config from an environment; empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = checkedConfigSchema.safeParse(present);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
}
