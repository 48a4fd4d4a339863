import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useBarcodeWedge } from './use-barcode-wedge';

function Probe({ onScan, enabled = true }: { onScan: (code: string) => void; enabled?: boolean }) {
  useBarcodeWedge(onScan, enabled);
  return <input data-testid="field" />;
}

const typeFast = (target: Window | HTMLElement, text: string) => {
  for (const key of text) fireEvent.keyDown(target, { key });
  fireEvent.keyDown(target, { key: 'Enter' });
};

describe('useBarcodeWedge (SPEC 9: characters under 100 ms apart form one scan)', () => {
  it('reports a scanner burst typed on the page', () => {
    const onScan = vi.fn();
    render(<Probe onScan={onScan} />);
    typeFast(window, 'yal-00004E');
    expect(onScan).toHaveBeenCalledWith('yal-00004E');
  });

  it('leaves keys typed into a field to that field, and does nothing when disabled', () => {
    const onScan = vi.fn();
    const { getByTestId, rerender } = render(<Probe onScan={onScan} />);
    typeFast(getByTestId('field'), 'yal-00004E');
    expect(onScan).not.toHaveBeenCalled();
    rerender(<Probe onScan={onScan} enabled={false} />);
    typeFast(window, 'yal-00004E');
    expect(onScan).not.toHaveBeenCalled();
  });
});
