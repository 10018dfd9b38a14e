import type { UpdateUserSessionBody, UserSession } from '@charms/contracts/session';
import { SESSION_HEADER } from './session-fetch';
import type { SessionApi } from './session-store';

/** The browser's calls for the shopper session (GET, POST and PUT /api/user-session). */
export function browserSessionApi(fetcher: typeof fetch): SessionApi {
  const send = (method: 'POST' | 'PUT', body: unknown, id?: string) =>
    fetcher('/api/user-session', {
      method,
      headers: { 'content-type': 'application/json', ...(id ? { [SESSION_HEADER]: id } : {}) },
      body: JSON.stringify(body),
    });
  /** The session answered, or null when the server does not know the id (404). */
  async function sessionOf(response: Response): Promise<UserSession | null> {
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`The session call answered ${response.status}`);
    return (await response.json()) as UserSession;
  }
  return {
    get: async (id) => sessionOf(await fetcher(`/api/user-session/${encodeURIComponent(id)}`, { headers: { [SESSION_HEADER]: id } })),
    create: async (prefs) => {
      const created = await sessionOf(await send('POST', prefs));
      if (!created) throw new Error('The session call answered 404');
      return created;
    },
    update: async (id, changes: UpdateUserSessionBody) => sessionOf(await send('PUT', changes, id)),
  };
}
