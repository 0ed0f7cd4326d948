import { act, fireEvent, screen } from '@testing-library/react';

/** Types a code into a Mantine PinInput whose inputs carry `data-testid="<prefix>-<index>"`. */
export async function enterCode(prefix: string, code: string) {
  for (let i = 0; i < code.length; i++) {
    const input = screen.getByTestId(`${prefix}-${i}`) as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { value: code[i] } });
    });
  }
}
