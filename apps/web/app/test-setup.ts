import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Component tests run in happy-dom; unmount after each so tests never share a page.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
