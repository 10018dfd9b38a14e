import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CardForm } from './card-form';

function renderCardForm(environment: 'test' | 'sandbox' | 'production') {
  render(<CardForm environment={environment} clientToken="token" errors={{}} message={undefined} phone="1-800-555-0142" tokenizeRef={{ current: null }} />);
}

describe('the card form', () => {
  it('lists the test cards only when the shop takes payments through the test gateway', () => {
    renderCardForm('test');
    expect(screen.getByText(/Test mode: no card is charged/)).toBeInTheDocument();
    expect(screen.getByText(/4111 1111 1111 1111/)).toBeInTheDocument();
  });

  it.each(['sandbox', 'production'] as const)('shows no test cards and no test-mode notice with Braintree (%s)', (environment) => {
    renderCardForm(environment);
    expect(screen.queryByText(/Test mode/)).toBeNull();
    expect(screen.queryByText(/4111 1111 1111 1111/)).toBeNull();
  });
});
