import type { UpdateUserSessionBody, UserSession } from '@charms/contracts/session';
import { SESSION_HEADER } from './session-fetch';
import type { SessionApi } from './session-store';

/** The browser's calls for the shopper session (GET, POST and PUT /api/user-session). */
export function browserSessionApi(fetcher: typeof fetch): SessionApi {
  async function send(method: 'POST' | 'PUT', body: unknown, id?: string): Promise<UserSession | null> {
    const response = await fetcher('/api/user-session', {
      method,
      headers: { 'content-type': 'application/json', ...(id ? { [SESSION_HEADER]: id } : {}) },
      body: JSON.stringify(body),
    });
    if (response.status === 404 && method === 'PUT') return null;
    if (!response.ok) throw new Error(`The session call answered ${response.status}`);
    return (await response.json()) as UserSession;
  }
  async function get(id: string): Promise<UserSession | null> {
    const response = await fetcher(`/api/user-session/${encodeURIComponent(id)}`, { headers: { [SESSION_HEADER]: id } });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`The session call answered ${response.status}`);
    return (await response.json()) as UserSession;
  }
  return {
    get,
    create: async (prefs) => (await send('POST', prefs))!,
    update: (id, changes: UpdateUserSessionBody) => send('PUT', changes, id),
  };
}
