import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ErrorBoundary } from '../root';
import { ApiError, createApiClient } from './api-client';

const answering = (status: number, body: unknown) => createApiClient(async () => ({ status, body }));
const unavailable = { error: { code: 'SERVICE_UNAVAILABLE', message: 'The shop is busy for a moment.', details: { retryAfterSeconds: 5 } } };

describe('the API client', () => {
  it('turns "the shop cannot answer for a moment" into a 503 page response', async () => {
    const error = await answering(503, unavailable).getMenu().catch((thrown: unknown) => thrown);
    // React Router's data(): thrown from a loader, it renders the error boundary with this status.
    expect(error).toMatchObject({ data: unavailable, init: { status: 503 } });
  });

  it('keeps other failures as ApiError with the API status and body, for the routes to handle', async () => {
    const declined = { error: { code: 'PAYMENT_UNAVAILABLE', message: 'We could not reach the card processor.' } };
    const error = await answering(503, declined).getMenu().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, body: declined });
  });
});

describe('the page shown while the shop cannot answer', () => {
  it('says it will be back in a moment and that nothing was lost', async () => {
    const Stub = createRoutesStub([
      {
        path: '/',
        Component: () => null,
        ErrorBoundary: ErrorBoundary as never,
        loader: () => answering(503, unavailable).getMenu(),
      },
    ]);
    render(<Stub initialEntries={['/?page=2']} />);
    expect(await screen.findByRole('heading', { name: "We'll be back in a moment" })).toBeInTheDocument();
    expect(screen.getByText(/Your bag is safe and nothing was changed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/?page=2');
  });
});
