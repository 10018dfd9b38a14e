import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NEWSLETTER_STORAGE_KEY, NewsletterSignup } from './newsletter-signup';

function renderSignup() {
  const Stub = createRoutesStub([{ path: '/', Component: () => <NewsletterSignup /> }]);
  return render(<Stub initialEntries={['/']} />);
}

describe('NewsletterSignup', () => {
  it('says "Email address invalid", marks the field invalid and ties the message to it', async () => {
    renderSignup();
    const field = screen.getByLabelText('Email address');
    await userEvent.type(field, 'ann@example');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByText('Email address invalid')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Email address invalid');
    expect(field).toHaveFocus();
    expect(window.localStorage.getItem(NEWSLETTER_STORAGE_KEY)).toBeNull();
  });

  it('requires an address', async () => {
    renderSignup();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps a valid address locally and replaces the form with a notice', async () => {
    renderSignup();
    await userEvent.type(screen.getByLabelText('Email address'), 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('status')).toHaveTextContent('Thank you! You are signed up for our newsletter.');
    expect(screen.queryByLabelText('Email address')).toBeNull();
    expect(window.localStorage.getItem(NEWSLETTER_STORAGE_KEY)).toBe('ann@example.com');
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
});
