import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { Footer } from './footer';

describe('Footer', () => {
  it('shows the year, product, rights, version and release date (SPEC 1)', () => {
    renderApp(<Footer />);

    expect(screen.getByTestId('footer-copyright').textContent).toBe(
      `© ${new Date().getFullYear()} CODBoard, All rights reserved`,
    );
    expect(screen.getByText('v2.1')).toBeTruthy();
    expect(screen.getByText('Last release 28/10/2025')).toBeTruthy();
  });
});
