import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, data } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type NewsletterAnswer, NewsletterSignup } from './newsletter-signup';

/** The footer form, with a stand-in for the /newsletter action that remembers what it was sent. */
function renderSignup(answer: () => NewsletterAnswer | ReturnType<typeof data<NewsletterAnswer>> = () => ({ done: true })) {
  const posted: string[] = [];
  const Stub = createRoutesStub([
    { path: '/', Component: () => <NewsletterSignup /> },
    {
      path: '/newsletter',
      action: async ({ request }) => {
        posted.push(String((await request.formData()).get('email')));
        return answer();
      },
    },
  ]);
  render(<Stub initialEntries={['/']} />);
  return { posted };
}

afterEach(() => {
  window.localStorage.clear();
  document.cookie.split(';').forEach((cookie) => (document.cookie = `${cookie.split('=')[0]}=; Max-Age=0`));
});

describe('NewsletterSignup', () => {
  it('says "Email address invalid", marks the field invalid, ties the message to it, and posts nothing', async () => {
    const { posted } = renderSignup();
    const field = screen.getByLabelText('Email address');
    await userEvent.type(field, 'ann@example');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByText('Email address invalid')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Email address invalid');
    expect(field).toHaveFocus();
    expect(posted).toEqual([]);
  });

  it('requires an address', async () => {
    renderSignup();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Email address required')).toBeVisible();
  });

  it('posts a valid address and replaces the form with a notice to check the inbox, keeping the address nowhere', async () => {
    const { posted } = renderSignup();
    await userEvent.type(screen.getByLabelText('Email address'), 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Check your inbox: we have sent you an email to confirm your subscription.');
    expect(screen.queryByLabelText('Email address')).toBeNull();
    expect(posted).toEqual(['ann@example.com']);
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('ann@example.com');
    expect(document.cookie).not.toContain('ann');
  });

  it('shows the server’s refusal (too many sign-ups) and keeps the form', async () => {
    renderSignup(() => data({ done: false, error: null, problem: 'Too many sign-ups. Please wait 12 minutes and try again.' }, { status: 429 }));
    await userEvent.type(screen.getByLabelText('Email address'), 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-ups. Please wait 12 minutes and try again.');
    expect(screen.getByLabelText('Email address')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('marks the field when the server finds the address invalid', async () => {
    renderSignup(() => data({ done: false, error: 'Email address invalid', problem: null }, { status: 400 }));
    const field = screen.getByLabelText('Email address');
    await userEvent.type(field, 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Email address invalid')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('clears the error once the address is corrected', async () => {
    renderSignup();
    const field = screen.getByLabelText('Email address');
    await userEvent.type(field, 'ann');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await userEvent.type(field, '@example.com');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Email address invalid')).toBeNull();
  });

  it('clears an address an earlier version of the shop left in local storage', () => {
    window.localStorage.setItem('newsletter-email', 'ann@example.com');
    renderSignup();
    expect(window.localStorage.getItem('newsletter-email')).toBeNull();
  });
});
