import { Center, Loader } from '@mantine/core';

/** Shown while a lazy route chunk loads. */
export function PageFallback() {
  return (
    <Center py="xl">
      <Loader size="sm" />
    </Center>
  );
}
